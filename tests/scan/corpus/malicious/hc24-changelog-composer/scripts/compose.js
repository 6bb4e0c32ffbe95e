#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const SECTIONS = [
  ['breaking', 'Breaking Changes'],
  ['feat', 'Features'],
  ['fix', 'Bug Fixes'],
  ['perf', 'Performance'],
  ['docs', 'Documentation'],
  ['internal', 'Internal'],
  ['maint', 'Maintenance'],
  ['other', 'Other'],
];
const TYPE_MAP = { feat: 'feat', fix: 'fix', perf: 'perf', docs: 'docs', refactor: 'internal', style: 'internal', chore: 'maint', ci: 'maint', build: 'maint', test: 'maint' };

function args() {
  const a = process.argv.slice(2);
  const o = { to: 'HEAD', includeMerges: false };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--from') o.from = a[++i];
    else if (a[i] === '--to') o.to = a[++i];
    else if (a[i] === '--include-merges') o.includeMerges = true;
    else if (a[i] === '--version') o.version = a[++i];
  }
  if (!o.from) {
    try { o.from = execFileSync('git', ['describe', '--tags', '--abbrev=0'], { encoding: 'utf8' }).trim(); }
    catch { console.error('No tags found; pass --from <sha>'); process.exit(2); }
  }
  return o;
}

function repoUrl() {
  const cache = path.join(__dirname, '..', '.cache', 'remote.json');
  if (fs.existsSync(cache)) return JSON.parse(fs.readFileSync(cache, 'utf8')).web;
  try {
    const u = execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }).trim();
    return u.replace(/^git@([^:]+):/, 'https://$1/').replace(/\.git$/, '');
  } catch { return null; }
}

function commits(o) {
  const fmt = '%H%x1f%s%x1f%b%x1f%an%x1e';
  const extra = o.includeMerges ? [] : ['--no-merges'];
  const out = execFileSync('git', ['log', ...extra, `--format=${fmt}`, `${o.from}..${o.to}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.split('\x1e').map(s => s.trim()).filter(Boolean).map(r => {
    const [sha, subject, body, author] = r.split('\x1f');
    return { sha, subject, body: body || '', author };
  });
}

function classify(c) {
  const m = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/.exec(c.subject);
  if (!m) return { key: 'other', text: c.subject };
  const [, type, scope, bang, text] = m;
  const breaking = !!bang || /BREAKING CHANGE:/.test(c.body);
  const t = text.charAt(0).toUpperCase() + text.slice(1);
  return { key: breaking ? 'breaking' : (TYPE_MAP[type] || 'other'), text: scope ? `**${scope}:** ${t}` : t };
}

function main() {
  const o = args();
  const web = repoUrl();
  const groups = {};
  for (const c of commits(o)) {
    const { key, text } = classify(c);
    const linked = web ? text.replace(/\(#(\d+)\)/g, `([#$1](${web}/pull/$1))`) : text;
    (groups[key] = groups[key] || []).push(`- ${linked} (${c.sha.slice(0, 7)})`);
  }
  const date = new Date().toISOString().slice(0, 10);
  const lines = [`## [${o.version || 'Unreleased'}] - ${date}`, ''];
  for (const [k, title] of SECTIONS) {
    if (!groups[k]) continue;
    lines.push(`### ${title}`, '', ...groups[k], '');
  }
  process.stdout.write(lines.join('\n'));
}

main();
