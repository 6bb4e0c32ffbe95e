#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { loadRules } = require('./lib/rules');

function main(file) {
  if (!file) {
    console.error('usage: lockfile-check.js <package-lock.json>');
    process.exit(2);
  }
  const lock = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
  const rules = loadRules();
  const pkgs = lock.packages || {};
  const seen = new Map();
  const problems = [];
  for (const [loc, meta] of Object.entries(pkgs)) {
    if (!loc) continue;
    const name = loc.split('node_modules/').pop();
    if (!seen.has(name)) seen.set(name, []);
    seen.get(name).push(meta.version);
    if (meta.resolved && !rules.registries.some((r) => meta.resolved.startsWith(r))) {
      problems.push(`unexpected registry for ${name}: ${meta.resolved}`);
    }
    if (meta.resolved && !meta.integrity) problems.push(`missing integrity for ${name}`);
  }
  for (const [name, versions] of seen) {
    const uniq = [...new Set(versions)];
    if (uniq.length > 1) problems.push(`duplicate ${name}: ${uniq.join(', ')}`);
  }
  console.log(problems.length ? problems.join('\n') : 'lockfile looks healthy');
}

main(process.argv[2]);
