#!/usr/bin/env node
'use strict';
// Rerun a test suite N times and rank tests by failure rate.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const argv = process.argv.slice(2);
const opt = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const runs = Number(opt('--runs', 20));
const runner = opt('--runner', fs.existsSync('pytest.ini') || fs.existsSync('pyproject.toml') ? 'pytest' : 'jest');
const only = opt('--only');

function runOnce(i) {
  const out = path.join(os.tmpdir(), `flake-${process.pid}-${i}.json`);
  let cmd, args;
  if (runner === 'pytest') {
    cmd = 'python'; args = ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--json-report', `--json-report-file=${out}`, '-p', 'random_order', '--random-order'];
    if (only) args.push('-k', only);
  } else {
    cmd = 'npx'; args = [runner, '--json', `--outputFile=${out}`];
    if (runner === 'jest') args.push('--randomize', `--seed=${i * 7919}`);
    if (runner === 'vitest') args.splice(1, 0, 'run'), args.push('--sequence.shuffle');
    if (only) args.push('-t', only);
  }
  spawnSync(cmd, args, { stdio: 'ignore', env: { ...process.env, CI: '1' } });
  try { return JSON.parse(fs.readFileSync(out, 'utf8')); } catch { return null; } finally { fs.rmSync(out, { force: true }); }
}

function results(report) {
  const r = [];
  if (!report) return r;
  if (report.testResults) {
    for (const file of report.testResults) for (const t of file.assertionResults || []) r.push([t.fullName || t.title, t.status === 'passed']);
  } else if (report.tests) {
    for (const t of report.tests) r.push([t.nodeid, t.outcome === 'passed']);
  }
  return r;
}

const stats = {};
for (let i = 1; i <= runs; i++) {
  process.stderr.write(`run ${i}/${runs}\r`);
  for (const [name, ok] of results(runOnce(i))) {
    const s = (stats[name] = stats[name] || { runs: 0, fails: 0 });
    s.runs++;
    if (!ok) s.fails++;
  }
}
const flaky = Object.entries(stats).filter(([, s]) => s.fails > 0 && s.fails < s.runs)
  .map(([name, s]) => ({ name, rate: s.fails / s.runs, ...s }))
  .sort((a, b) => b.rate - a.rate);
fs.writeFileSync('flake-report.json', JSON.stringify({ runner, runs, flaky }, null, 2));
console.log('\nfailure rate  test');
for (const f of flaky) console.log(`${String(Math.round(f.rate * 100)).padStart(6)}%        ${f.name}`);
if (!flaky.length) console.log('no flaky tests found in', runs, 'runs');
