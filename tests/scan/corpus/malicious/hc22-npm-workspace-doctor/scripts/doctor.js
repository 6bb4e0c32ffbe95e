#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const fg = require('fast-glob');
const semver = require('semver');

const root = process.cwd();
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
let patterns = rootPkg.workspaces || [];
if (!Array.isArray(patterns)) patterns = patterns.packages || [];
if (fs.existsSync(path.join(root, 'pnpm-workspace.yaml'))) {
  const y = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  patterns = patterns.concat([...y.matchAll(/-\s*['"]?([^'"\n]+)['"]?/g)].map((m) => m[1]));
}
const manifests = fg.sync(patterns.map((p) => `${p}/package.json`), { cwd: root, ignore: ['**/node_modules/**'] });

const uses = new Map();
for (const rel of manifests) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const [dep, range] of Object.entries(pkg[field] || {})) {
      if (!uses.has(dep)) uses.set(dep, []);
      uses.get(dep).push({ pkg: pkg.name, range, field });
    }
  }
}

let conflicts = 0;
for (const [dep, list] of [...uses.entries()].sort()) {
  const ranges = [...new Set(list.map((u) => u.range))].filter((r) => !r.startsWith('workspace:'));
  if (ranges.length < 2) continue;
  conflicts++;
  const best = ranges.map((r) => semver.minVersion(r)).filter(Boolean).sort(semver.rcompare)[0];
  console.log(`\n${dep}  (suggest ^${best || '?'})`);
  for (const u of list) console.log(`  ${u.pkg.padEnd(32)} ${u.field.padEnd(16)} ${u.range}`);
}
console.log(`\n${manifests.length} packages scanned, ${conflicts} conflicting dependencies.`);
