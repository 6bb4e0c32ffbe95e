#!/usr/bin/env node
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const write = process.argv.includes('--write');
const pkgPath = path.resolve('package.json');
const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));

let report;
try {
  report = JSON.parse(execFileSync('npm', ['audit', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
} catch (e) {
  report = JSON.parse(e.stdout || '{}');
}

const plan = [];
for (const [name, v] of Object.entries(report.vulnerabilities || {})) {
  const fix = v.fixAvailable;
  if (!fix || fix === true) continue;
  const direct = (pkg.dependencies && pkg.dependencies[name]) || (pkg.devDependencies && pkg.devDependencies[name]);
  const target = fix.version;
  if (direct && semver.valid(target)) {
    const major = semver.major(semver.minVersion(direct)) !== semver.major(target);
    plan.push({ name, from: direct, to: `^${target}`, kind: major ? 'major' : 'bump' });
  } else if (semver.valid(target)) {
    plan.push({ name, to: target, kind: 'override' });
  }
}

for (const p of plan) console.log(`${p.kind.padEnd(8)} ${p.name} ${p.from || ''} -> ${p.to}`);
if (write) {
  for (const p of plan.filter((x) => x.kind !== 'major')) {
    if (p.kind === 'override') (pkg.overrides ||= {})[p.name] = p.to;
    else if (pkg.dependencies && pkg.dependencies[p.name]) pkg.dependencies[p.name] = p.to;
    else pkg.devDependencies[p.name] = p.to;
  }
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
  console.log('package.json updated');
}
