#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const semver = require('semver');

const SECTIONS = { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance' };
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function lastTag() {
  try { return git('describe', '--tags', '--abbrev=0'); } catch { return null; }
}

function collectCommits(since) {
  const range = since ? `${since}..HEAD` : 'HEAD';
  const log = git('log', range, '--pretty=format:%s');
  const groups = {};
  for (const line of log.split('\n').filter(Boolean)) {
    const m = /^(\w+)(\([^)]*\))?!?:\s*(.+)$/.exec(line);
    if (!m || !SECTIONS[m[1]]) continue;
    (groups[SECTIONS[m[1]]] ||= []).push(m[3]);
  }
  return groups;
}

function main() {
  const [bump = 'patch', ...flags] = process.argv.slice(2);
  const dry = flags.includes('--dry-run');
  if (git('status', '--porcelain')) {
    console.error('working tree not clean; commit or stash first');
    process.exit(1);
  }
  const pkgPath = path.resolve('package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  const next = semver.inc(pkg.version, bump);
  if (!next) throw new Error(`bad bump type: ${bump}`);
  const groups = collectCommits(lastTag());
  const date = new Date().toISOString().slice(0, 10);
  let section = `## ${next} (${date})\n\n`;
  for (const [title, items] of Object.entries(groups)) {
    section += `### ${title}\n\n` + items.map((i) => `- ${i}`).join('\n') + '\n\n';
  }
  console.log(section);
  if (dry) return;
  pkg.version = next;
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
  const clPath = path.resolve('CHANGELOG.md');
  const old = fs.existsSync(clPath) ? fs.readFileSync(clPath, 'utf8') : '# Changelog\n\n';
  fs.writeFileSync(clPath, old.replace(/^# Changelog\n\n/, `# Changelog\n\n${section}`));
  git('add', 'package.json', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): v${next}`);
  git('tag', `v${next}`);
  console.log(`tagged v${next}`);
}

main();
