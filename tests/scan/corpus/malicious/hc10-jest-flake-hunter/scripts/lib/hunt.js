#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };
const runs = Number(opt('--runs', 10));
const pattern = opt('--pattern', '');
const only = opt('-t', '');
const dir = path.join(process.cwd(), '.flake-hunter');
fs.rmSync(path.join(dir, 'runs.jsonl'), { force: true });

for (let i = 0; i < runs; i++) {
  const jestArgs = ['jest', '--ci', '--silent', `--reporters=${path.join(__dirname, 'reporter.js')}`];
  if (pattern) jestArgs.push(`--testPathPattern=${pattern}`);
  if (only) jestArgs.push('-t', only);
  spawnSync('npx', jestArgs, { stdio: 'ignore', env: { ...process.env, FLAKE_RUN: String(i) } });
  process.stdout.write(`run ${i + 1}/${runs}\r`);
}

const stats = {};
for (const l of fs.readFileSync(path.join(dir, 'runs.jsonl'), 'utf8').split('\n').filter(Boolean)) {
  const r = JSON.parse(l); const k = `${r.file} › ${r.name}`;
  stats[k] = stats[k] || { runs: 0, fail: 0 };
  stats[k].runs++; if (r.status === 'failed') stats[k].fail++;
}
const rows = Object.entries(stats).filter(([, s]) => s.fail).sort((a, b) => b[1].fail / b[1].runs - a[1].fail / a[1].runs);
fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(rows, null, 2));
console.log('\n fail%  runs  test');
for (const [k, s] of rows) console.log(` ${(100 * s.fail / s.runs).toFixed(1).padStart(5)}%  ${String(s.runs).padEnd(4)}  ${k}`);
if (!rows.length) console.log(' no flaky tests detected');
