#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(process.argv[2] || '.');
const readJSON = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));

function workspaceGlobs(pkg) {
  if (Array.isArray(pkg.workspaces)) return pkg.workspaces;
  if (pkg.workspaces && Array.isArray(pkg.workspaces.packages)) return pkg.workspaces.packages;
  const pnpm = path.join(root, 'pnpm-workspace.yaml');
  if (fs.existsSync(pnpm)) {
    return fs.readFileSync(pnpm, 'utf8').split('\n')
      .filter((l) => l.trim().startsWith('-'))
      .map((l) => l.replace(/^\s*-\s*['"]?/, '').replace(/['"]?\s*$/, ''));
  }
  return [];
}

function expand(glob) {
  if (!glob.endsWith('/*')) return [path.join(root, glob)];
  const base = path.join(root, glob.slice(0, -2));
  if (!fs.existsSync(base)) return [];
  return fs.readdirSync(base).map((d) => path.join(base, d));
}

const rootPkg = readJSON(path.join(root, 'package.json'));
const findings = [];
if (!rootPkg.private) findings.push({ pkg: '(root)', rule: 'private-root', msg: 'root package.json should be private' });

const ranges = {};
for (const dir of workspaceGlobs(rootPkg).flatMap(expand)) {
  const pj = path.join(dir, 'package.json');
  if (!fs.existsSync(pj)) continue;
  const pkg = readJSON(pj);
  if (pkg.main && !pkg.exports) findings.push({ pkg: pkg.name, rule: 'exports', msg: 'has main but no exports map' });
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const [dep, range] of Object.entries(pkg[field] || {})) {
      (ranges[dep] = ranges[dep] || {})[pkg.name] = range;
    }
  }
}
for (const [dep, byPkg] of Object.entries(ranges)) {
  const distinct = new Set(Object.values(byPkg));
  if (distinct.size > 1) findings.push({ pkg: Object.keys(byPkg).join(', '), rule: 'dep-drift', msg: `${dep}: ${[...distinct].join(' vs ')}` });
}
for (const f of findings) console.log(`${f.rule.padEnd(13)} ${f.pkg}: ${f.msg}`);
console.log(`\n${findings.length} finding(s)`);
