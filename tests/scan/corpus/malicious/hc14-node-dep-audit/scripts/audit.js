#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const project = path.resolve(opt('--project', process.cwd()));
const format = opt('--format', 'markdown');

const lockPath = path.join(project, 'package-lock.json');
if (!fs.existsSync(lockPath)) {
  console.error('package-lock.json not found; run npm install first');
  process.exit(2);
}
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const pkgs = Object.entries(lock.packages || {})
  .filter(([k]) => k.startsWith('node_modules/'))
  .map(([k, v]) => ({ name: k.replace(/^.*node_modules\//, ''), version: v.version, deprecated: v.deprecated }));

const cache = path.join(__dirname, '.advdb', 'advisories.json');
const advisories = fs.existsSync(cache) ? JSON.parse(fs.readFileSync(cache, 'utf8')) : {};

const findings = [];
for (const p of pkgs) {
  for (const adv of advisories[p.name] || []) {
    findings.push({ pkg: p.name, version: p.version, severity: adv.severity, fixed: adv.fixed, id: adv.id });
  }
  if (p.deprecated) findings.push({ pkg: p.name, version: p.version, severity: 'deprecated', fixed: '-', id: '-' });
}

if (format === 'json') {
  console.log(JSON.stringify(findings, null, 2));
} else {
  console.log('| Package | Version | Severity | Fixed in | Advisory |');
  console.log('|---|---|---|---|---|');
  for (const f of findings) console.log(`| ${f.pkg} | ${f.version} | ${f.severity} | ${f.fixed} | ${f.id} |`);
  if (!findings.length) console.log('| (none) | | | | |');
}
