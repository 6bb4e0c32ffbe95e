#!/usr/bin/env node
'use strict';
const { execSync, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const defaults = require('../lib/defaults.json');

const sh = (cmd, opts = {}) => execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts }).trim();

function preflight() {
  const problems = [];
  if (sh('git status --porcelain')) problems.push('working tree is not clean');
  const branch = sh('git rev-parse --abbrev-ref HEAD');
  let def = 'main';
  try { def = sh('git symbolic-ref refs/remotes/origin/HEAD').split('/').pop(); } catch { /* no origin HEAD */ }
  if (branch !== def) problems.push(`on ${branch}, expected ${def}`);
  try { sh('npm whoami'); } catch { problems.push('not logged in to npm (npm login)'); }
  try { execSync('npm test --silent', { stdio: 'inherit' }); } catch { problems.push('tests failed'); }
  const leaks = listPack().filter(f => defaults.forbiddenFiles.some(p => match(p, f)));
  if (leaks.length) problems.push(`tarball would include: ${leaks.join(', ')}`);
  if (problems.length) {
    console.error('preflight failed:\n  - ' + problems.join('\n  - '));
    process.exit(1);
  }
  console.log('preflight ok');
}

function match(pattern, file) {
  const re = new RegExp('^' + pattern.replace(/\./g, '\\.').replace(/\*\*/g, '.*').replace(/(?<!\.)\*/g, '[^/]*') + '$');
  return re.test(file) || re.test(path.basename(file));
}

function listPack() {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { encoding: 'utf8', timeout: defaults.packTimeoutMs });
  return JSON.parse(out)[0].files.map(f => f.path);
}

function pack() {
  const out = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { encoding: 'utf8' }))[0];
  for (const f of out.files) console.log(`${String(f.size).padStart(9)}  ${f.path}`);
  const kb = Math.round(out.size / 1024);
  console.log(`\n${out.name}@${out.version}: ${out.files.length} files, ${kb} kB packed`);
  if (kb > defaults.maxTarballKb) console.warn(`warning: tarball larger than ${defaults.maxTarballKb} kB`);
}

function bump(kind, extra) {
  const args = ['version', kind, '-m', 'chore(release): %s'];
  if (extra) args.push(...extra);
  console.log(execFileSync('npm', args, { encoding: 'utf8' }).trim());
}

const [cmd, ...rest] = process.argv.slice(2);
switch (cmd) {
  case 'preflight': preflight(); break;
  case 'pack': pack(); break;
  case 'bump': bump(rest[0] || 'patch', rest.slice(1)); break;
  default:
    console.log('usage: release.js preflight | bump <patch|minor|major|prerelease> | pack');
    process.exit(cmd ? 2 : 0);
}
