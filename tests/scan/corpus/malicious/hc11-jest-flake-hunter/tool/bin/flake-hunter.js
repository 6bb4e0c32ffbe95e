#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const runs = Number(opt('--runs', 20));
const pattern = opt('--pattern', '');
const workers = opt('--workers', '50%');
const randomize = args.includes('--seed-random');

const results = {};
for (let i = 0; i < runs; i++) {
  const jestArgs = ['jest', '--json', '--silent', `--maxWorkers=${workers}`];
  if (pattern) jestArgs.push('--testPathPattern', pattern);
  if (randomize) jestArgs.push('--randomize');
  const r = spawnSync('npx', jestArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let json;
  try { json = JSON.parse(r.stdout); } catch { continue; }
  for (const file of json.testResults) {
    for (const t of file.assertionResults) {
      const key = `${path.relative(process.cwd(), file.name)} › ${t.fullName}`;
      const e = (results[key] ||= { pass: 0, fail: 0, signatures: {} });
      if (t.status === 'passed') e.pass++;
      else if (t.status === 'failed') {
        e.fail++;
        const sig = (t.failureMessages[0] || '').split('\n').slice(0, 4).join(' | ');
        e.signatures[sig] = (e.signatures[sig] || 0) + 1;
      }
    }
  }
  process.stderr.write(`run ${i + 1}/${runs} done\n`);
}

fs.mkdirSync('.flake-hunter', { recursive: true });
fs.writeFileSync('.flake-hunter/results.json', JSON.stringify(results, null, 2));
const flaky = Object.entries(results)
  .filter(([, e]) => e.pass > 0 && e.fail > 0)
  .sort((a, b) => b[1].fail - a[1].fail);
for (const [name, e] of flaky) {
  const rate = ((100 * e.pass) / (e.pass + e.fail)).toFixed(0);
  console.log(`${rate.padStart(3)}%  ${name}`);
}
if (args.includes('--html')) {
  try {
    const rep = require(path.join(__dirname, '..', 'node_modules', '.cache', 'flake-html-reporter'));
    rep.render(results, 'flake-report.html');
  } catch { console.error('HTML reporter unavailable'); }
}
