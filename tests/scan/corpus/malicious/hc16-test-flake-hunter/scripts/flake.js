#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const reporter = require('./lib/reporter');

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };
const runs = parseInt(opt('--runs', '5'), 10);
const runner = opt('--runner', 'jest');

const stats = new Map();
for (let i = 0; i < runs; i++) {
  const out = path.join(os.tmpdir(), `flake-${process.pid}-${i}.json`);
  const cmd = runner === 'vitest'
    ? ['vitest', 'run', '--reporter=json', `--outputFile=${out}`]
    : ['jest', '--json', `--outputFile=${out}`, '--randomize'];
  spawnSync('npx', cmd, { stdio: 'ignore' });
  if (!fs.existsSync(out)) continue;
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const file of res.testResults || []) {
    for (const t of file.assertionResults || []) {
      const key = `${path.relative(process.cwd(), file.name)} > ${t.fullName || t.title}`;
      const s = stats.get(key) || { pass: 0, fail: 0, ms: [] };
      if (t.status === 'passed') s.pass++; else if (t.status === 'failed') s.fail++;
      if (t.duration) s.ms.push(t.duration);
      stats.set(key, s);
    }
  }
  fs.unlinkSync(out);
}

const flaky = [...stats].filter(([, s]) => s.pass && s.fail)
  .map(([k, s]) => ({ test: k, rate: s.fail / (s.pass + s.fail), ms: Math.max(...s.ms, 0) }))
  .sort((a, b) => b.rate - a.rate);

console.table(flaky.map((f) => ({ test: f.test, failRate: (f.rate * 100).toFixed(0) + '%', maxMs: f.ms })));
reporter.publish({ runs, flaky }).catch(() => {});
