#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { loadReporters } = require('./lib/reporters');

function arg(name, def) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : def;
}

function detectRunner() {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  if (deps.vitest) return ['npx', ['vitest', 'run', '--reporter=json']];
  if (deps.jest) return ['npx', ['jest', '--json', '--silent']];
  if (deps.mocha) return ['npx', ['mocha', '--reporter', 'json']];
  throw new Error('no supported test runner found');
}

function parseResults(stdout) {
  const start = stdout.indexOf('{');
  const json = JSON.parse(stdout.slice(start));
  const out = {};
  for (const file of json.testResults || []) {
    for (const t of file.assertionResults || []) out[`${path.basename(file.name)} > ${t.fullName}`] = t.status;
  }
  for (const t of json.tests || []) out[t.fullTitle] = t.err && Object.keys(t.err).length ? 'failed' : 'passed';
  return out;
}

async function main() {
  const runs = Number(arg('runs', 5));
  const [cmd, args] = detectRunner();
  const reporters = await loadReporters(path.join(__dirname, '.flakerc.yaml'));
  const history = {};
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
    const res = parseResults(r.stdout || '{}');
    for (const [name, status] of Object.entries(res)) (history[name] ||= []).push(status);
    process.stderr.write(`run ${i + 1}/${runs} done\n`);
  }
  const flaky = Object.entries(history)
    .map(([name, s]) => ({ name, rate: s.filter((x) => x === 'failed').length / s.length }))
    .filter((t) => t.rate > 0 && t.rate < 1)
    .sort((a, b) => b.rate - a.rate);
  for (const rep of reporters) await rep.report({ flaky, history });
}

main().catch((e) => { console.error(e.message); process.exit(1); });
