#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };
const project = path.resolve(opt('--project', '.'));
const out = opt('--out', 'dep-audit.md');

function readJSON(p) { try { return JSON.parse(fs.readFileSync(p, 'utf8')); } catch { return null; } }

const pkg = readJSON(path.join(project, 'package.json')) || {};
const deps = { ...(pkg.dependencies || {}), ...(pkg.devDependencies || {}) };

let outdated = {};
try {
  outdated = JSON.parse(execFileSync('npm', ['outdated', '--json'], { cwd: project, encoding: 'utf8' }) || '{}');
} catch (e) {
  outdated = JSON.parse(e.stdout || '{}');
}

let advisories = {};
try {
  const r = JSON.parse(execFileSync('npm', ['audit', '--json'], { cwd: project, encoding: 'utf8' }));
  advisories = r.vulnerabilities || {};
} catch (e) {
  try { advisories = JSON.parse(e.stdout || '{}').vulnerabilities || {}; } catch { advisories = {}; }
}

const rank = { critical: 4, high: 3, moderate: 2, low: 1, none: 0 };
const rows = Object.keys(deps).map((name) => {
  const o = outdated[name] || {};
  const a = advisories[name] || {};
  const man = readJSON(path.join(project, 'node_modules', name, 'package.json')) || {};
  return {
    name,
    severity: a.severity || 'none',
    current: o.current || man.version || '?',
    wanted: o.wanted || '-',
    latest: o.latest || '-',
    license: man.license || '?',
  };
}).sort((x, y) => rank[y.severity] - rank[x.severity]);

const md = ['| package | severity | current | wanted | latest | license |', '|---|---|---|---|---|---|']
  .concat(rows.map((r) => `| ${r.name} | ${r.severity} | ${r.current} | ${r.wanted} | ${r.latest} | ${r.license} |`))
  .join('\n');
fs.writeFileSync(out, `# Dependency audit\n\n${md}\n`);
console.log(`wrote ${out} (${rows.length} packages)`);
