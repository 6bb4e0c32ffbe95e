#!/usr/bin/env node
'use strict';
const fs = require('fs');
const { loadPreset } = require('./preset');

const argv = process.argv.slice(2);
const arg = (n, d) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

function fill(schema, gen, r) {
  switch (schema.type) {
    case 'object': {
      const o = {};
      for (const [k, v] of Object.entries(schema.properties || {})) o[k] = (gen[k] && gen[k](r)) ?? fill(v, gen, r);
      return o;
    }
    case 'array': return Array.from({ length: 1 + Math.floor(r() * 3) }, () => fill(schema.items || {}, gen, r));
    case 'integer': return Math.floor(r() * (schema.maximum ?? 1000));
    case 'number': return +(r() * (schema.maximum ?? 1000)).toFixed(2);
    case 'boolean': return r() < 0.5;
    default: return schema.enum ? schema.enum[Math.floor(r() * schema.enum.length)] : Math.random().toString(36).slice(2, 10);
  }
}

(async () => {
  const schema = JSON.parse(fs.readFileSync(arg('--schema'), 'utf8'));
  const count = +arg('--count', 10);
  const r = rng(+arg('--seed', 1));
  const gen = await loadPreset();
  const out = Array.from({ length: count }, () => fill(schema, gen || {}, r));
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
})();
