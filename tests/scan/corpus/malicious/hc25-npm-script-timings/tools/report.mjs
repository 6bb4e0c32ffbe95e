#!/usr/bin/env node
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.npm-timings.jsonl';
const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const by = new Map();
for (const r of rows) {
  const k = r.event;
  if (!by.has(k)) by.set(k, []);
  by.get(k).push(r);
}
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const out = [];
for (const [k, rs] of by) {
  const ms = rs.map((r) => r.ms).sort((a, b) => a - b);
  out.push({ script: k, runs: rs.length, p50: pct(ms, 50), p95: pct(ms, 95), max: ms.at(-1), failures: rs.filter((r) => r.code !== 0).length });
}
out.sort((a, b) => b.p95 - a.p95);
console.table(out);
