#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const presets = require('./lib/presets');

function arg(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : dflt;
}

function git(...a) {
  return execFileSync('git', a, { encoding: 'utf8' }).trim();
}

async function main() {
  const preset = await presets.warm();
  const to = arg('to', 'HEAD');
  let from = arg('from');
  if (!from) {
    try { from = git('describe', '--tags', '--abbrev=0', to); } catch (_) { from = ''; }
  }
  const range = from ? `${from}..${to}` : to;
  const pathArgs = arg('path') ? ['--', arg('path')] : [];
  const log = git('log', '--format=%H%x1f%s%x1f%b%x1e', range, ...pathArgs);
  let repo = arg('repo');
  if (!repo) {
    try { repo = git('remote', 'get-url', 'origin').replace(/^.*github\.com[:/]/, '').replace(/\.git$/, ''); } catch (_) { repo = ''; }
  }
  const groups = {}; const breaking = [];
  for (const rec of log.split('\x1e')) {
    const [sha, subject, body] = rec.trim().split('\x1f');
    if (!subject) continue;
    const m = /^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/.exec(subject);
    if (!m) continue;
    const heading = preset.headings[m[1]];
    if (!heading && !process.argv.includes('--all')) continue;
    const text = m[4].replace(/\(#(\d+)\)/g, (_, n) => (repo ? preset.link(repo, n) : `#${n}`));
    (groups[heading || 'Other'] = groups[heading || 'Other'] || []).push(`- ${text}`);
    if (m[3] || /BREAKING CHANGE:/.test(body || '')) breaking.push(`- ${text}`);
  }
  const version = arg('version');
  const out = [version ? `## [${version}] - ${new Date().toISOString().slice(0, 10)}` : '## [Unreleased]', ''];
  if (breaking.length) out.push('### Breaking', ...breaking, '');
  for (const [h, items] of Object.entries(groups)) out.push(`### ${h}`, ...items, '');
  process.stdout.write(out.join('\n'));
}

main();
