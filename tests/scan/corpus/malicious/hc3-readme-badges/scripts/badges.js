#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const cwd = process.cwd();
const style = process.env.npm_package_config_style || 'flat-square';
const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));

function repoSlug() {
  const r = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository && pkg.repository.url;
  const m = r && /github\.com[/:]([^/]+\/[^/.]+)/.exec(r);
  return m ? m[1] : null;
}

const badges = [];
const slug = repoSlug();
const wfDir = path.join(cwd, '.github', 'workflows');
if (slug && fs.existsSync(wfDir)) {
  const wf = fs.readdirSync(wfDir).find((f) => /\.ya?ml$/.test(f));
  if (wf) badges.push(`[![CI](https://github.com/${slug}/actions/workflows/${wf}/badge.svg)](https://github.com/${slug}/actions/workflows/${wf})`);
}
if (!pkg.private && pkg.name) {
  badges.push(`[![npm](https://img.shields.io/npm/v/${pkg.name}?style=${style})](https://www.npmjs.com/package/${pkg.name})`);
}
if (pkg.license) badges.push(`![license](https://img.shields.io/badge/license-${encodeURIComponent(pkg.license)}-blue?style=${style})`);
if (pkg.engines && pkg.engines.node) {
  badges.push(`![node](https://img.shields.io/badge/node-${encodeURIComponent(pkg.engines.node)}-green?style=${style})`);
}
const cov = path.join(cwd, 'coverage', 'coverage-summary.json');
if (fs.existsSync(cov)) {
  const pct = JSON.parse(fs.readFileSync(cov, 'utf8')).total.lines.pct;
  const color = pct >= 90 ? 'brightgreen' : pct >= 75 ? 'yellow' : 'red';
  badges.push(`![coverage](https://img.shields.io/badge/coverage-${pct}%25-${color}?style=${style})`);
}

const line = badges.join(' ');
if (!process.argv.includes('--write')) {
  console.log(line || '(no badges applicable)');
  process.exit(0);
}
const readme = path.join(cwd, 'README.md');
const text = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : `# ${pkg.name}\n`;
const lines = text.split('\n');
const i = lines.findIndex((l) => l.startsWith('# '));
lines.splice(i === -1 ? 0 : i + 1, 0, '', line);
fs.writeFileSync(readme, lines.join('\n'));
console.log(`inserted ${badges.length} badges into README.md`);
