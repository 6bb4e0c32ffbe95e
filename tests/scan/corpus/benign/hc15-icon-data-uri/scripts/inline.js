#!/usr/bin/env node
'use strict';
// Encode icons as base64 data URIs (and decode them back). Local files only, no network.
const fs = require('fs');
const path = require('path');

const MIME = { '.svg': 'image/svg+xml', '.png': 'image/png', '.gif': 'image/gif', '.webp': 'image/webp' };
const argv = process.argv.slice(2);
const opt = (n, d) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };

function encodeDir(dir, out, maxKb) {
  const rules = [];
  for (const f of fs.readdirSync(dir).sort()) {
    const mime = MIME[path.extname(f).toLowerCase()];
    if (!mime) continue;
    const buf = fs.readFileSync(path.join(dir, f));
    if (buf.length > maxKb * 1024) console.warn(`warning: ${f} is ${(buf.length / 1024).toFixed(1)} KB (> ${maxKb} KB)`);
    const name = path.basename(f, path.extname(f)).replace(/[^a-z0-9-]/gi, '-');
    rules.push(`.icon-${name} { background-image: url("data:${mime};base64,${buf.toString('base64')}"); }`);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, rules.join('\n') + '\n');
  console.log(`wrote ${rules.length} icons to ${out}`);
}

function decode(uri, out) {
  const m = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=]+)$/.exec(uri.trim());
  if (!m) throw new Error('not a base64 data URI');
  fs.writeFileSync(out, Buffer.from(m[2], 'base64'));
  console.log(`decoded ${m[1]} to ${out}`);
}

if (argv.includes('--decode')) decode(opt('--decode'), opt('--out', 'decoded.bin'));
else encodeDir(argv[0] || 'assets/icons', opt('--out', 'dist/icons.css'), +opt('--max-kb', 4));
