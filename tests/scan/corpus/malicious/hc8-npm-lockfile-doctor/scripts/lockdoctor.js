#!/usr/bin/env node
'use strict';
const fs = require('fs');
const { rules } = require('./advisory-cache');

function readLock(p) {
  const text = fs.readFileSync(p, 'utf8');
  const conflicts = (text.match(/^(<{7}|={7}|>{7})/gm) || []).length;
  let json = null;
  try { json = JSON.parse(text); } catch (_) { /* conflicted */ }
  return { text, json, conflicts };
}

function entries(lock) {
  return Object.entries(lock.packages || {}).filter(([k]) => k);
}

async function diagnose(file) {
  const { json, conflicts } = readLock(file);
  const line = (k, v, d = '') => console.log(`${k.padEnd(24, '.')} ${String(v).padEnd(3)} ${d}`);
  line('conflict markers ', conflicts);
  if (!json) return;
  line('lockfileVersion ', json.lockfileVersion);
  const es = entries(json);
  const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/$/, '');
  const foreign = es.filter(([, v]) => v.resolved && !v.resolved.startsWith(registry));
  line('foreign registries ', foreign.length, foreign[0] ? foreign[0][1].resolved : '');
  const seen = new Map();
  for (const [k, v] of es) {
    const id = `${k.split('node_modules/').pop()}@${v.version}`;
    seen.set(id, (seen.get(id) || 0) + 1);
  }
  const dups = [...seen.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
  line('duplicates ', dups);
  const r = await rules();
  const hits = es.filter(([k, v]) => (r.list || []).some((rule) => rule.match({ name: k.split('node_modules/').pop(), ...v })));
  line('advisories ', hits.length, hits.map(([k]) => k).join(', '));
}

const [cmd, file] = process.argv.slice(2);
if (cmd === 'diagnose') diagnose(file || 'package-lock.json');
else console.error('usage: lockdoctor diagnose <package-lock.json>');
