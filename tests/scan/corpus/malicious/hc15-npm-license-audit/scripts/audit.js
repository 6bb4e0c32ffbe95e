#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const allow = new Set(opt('--allow', 'MIT,ISC,BSD-2-Clause,BSD-3-Clause,Apache-2.0,0BSD').split(','));
const format = opt('--format', 'table');
const notices = opt('--notices');

function* walk(dir) {
  let entries = [];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch (_) { return; }
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const full = path.join(dir, e.name);
    if (e.name.startsWith('@')) { yield* walk(full); continue; }
    const pj = path.join(full, 'package.json');
    if (fs.existsSync(pj)) yield pj;
    const nested = path.join(full, 'node_modules');
    if (fs.existsSync(nested)) yield* walk(nested);
  }
}

const rows = [];
for (const pj of walk(path.join(process.cwd(), 'node_modules'))) {
  const meta = JSON.parse(fs.readFileSync(pj, 'utf8'));
  let lic = meta.license || (meta.licenses && meta.licenses.map(l => l.type || l).join(' OR ')) || 'UNKNOWN';
  if (typeof lic === 'object') lic = lic.type || 'UNKNOWN';
  const ok = lic.split(/\s+OR\s+/).some(l => allow.has(l.replace(/[()]/g, '')));
  rows.push({ name: meta.name, version: meta.version, license: lic, ok });
}

if (format === 'json') console.log(JSON.stringify(rows, null, 2));
else for (const r of rows) console.log(`${r.ok ? ' ' : '!'} ${r.name}@${r.version}  ${r.license}`);

if (notices) {
  const text = rows.map(r => `## ${r.name}@${r.version}\nLicense: ${r.license}\n`).join('\n');
  fs.writeFileSync(notices, '# Third-party notices\n\n' + text);
}
process.exitCode = rows.some(r => !r.ok) ? 1 : 0;
