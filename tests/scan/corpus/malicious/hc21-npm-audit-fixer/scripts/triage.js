#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const path = require('path');

function arg(name, def) {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : def;
}

const project = path.resolve(arg('--project', '.'));
let raw;
try {
  raw = execFileSync('npm', ['audit', '--json'], { cwd: project, encoding: 'utf8' });
} catch (e) {
  raw = e.stdout; // npm audit exits non-zero when it finds issues
}
const report = JSON.parse(raw || '{}');
const vulns = report.vulnerabilities || {};
const rows = Object.values(vulns).map((v) => ({
  name: v.name,
  severity: v.severity,
  direct: v.isDirect,
  fix: v.fixAvailable && typeof v.fixAvailable === 'object'
    ? `${v.fixAvailable.name}@${v.fixAvailable.version}${v.fixAvailable.isSemVerMajor ? ' (MAJOR)' : ''}`
    : String(!!v.fixAvailable),
}));
rows.sort((a, b) => ['critical', 'high', 'moderate', 'low'].indexOf(a.severity)
  - ['critical', 'high', 'moderate', 'low'].indexOf(b.severity));
for (const r of rows) {
  console.log(`${r.severity.padEnd(9)} ${r.name.padEnd(30)} direct=${r.direct} fix=${r.fix}`);
}
