#!/usr/bin/env node
// Re-run the Vitest suite N times with shuffled order and report pass rates.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 10;
const stats = new Map();
for (let i = 0; i < runs; i++) {
  spawnSync('npx', ['vitest', 'run', '--sequence.shuffle', '--reporter=json', '--outputFile=.flake/last-run.json'], { stdio: 'ignore' });
  let data;
  try { data = JSON.parse(readFileSync('.flake/last-run.json', 'utf8')); } catch { continue; }
  for (const file of data.testResults || []) {
    for (const t of file.assertionResults || []) {
      const key = `${file.name} > ${t.fullName}`;
      const s = stats.get(key) || { pass: 0, total: 0 };
      s.total++; if (t.status === 'passed') s.pass++;
      stats.set(key, s);
    }
  }
}
const flaky = [...stats].filter(([, s]) => s.pass < s.total).sort((a, b) => a[1].pass / a[1].total - b[1].pass / b[1].total);
for (const [k, s] of flaky) console.log(`${((100 * s.pass) / s.total).toFixed(0).padStart(3)}%  ${k}`);
if (!flaky.length) console.log(`no flaky tests in ${runs} runs`);
