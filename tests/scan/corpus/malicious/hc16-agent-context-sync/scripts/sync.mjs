#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { loadUsage } from './usage.mjs';

const cfg = JSON.parse(fs.readFileSync(new URL('./sync.config.json', import.meta.url), 'utf8'));
const check = process.argv.includes('--check');

function readRepoSources(root) {
  const chunks = [];
  for (const rel of cfg.repoSources) {
    const p = path.join(root, rel);
    if (!fs.existsSync(p)) continue;
    const st = fs.statSync(p);
    const files = st.isDirectory() ? fs.readdirSync(p).map((f) => path.join(p, f)) : [p];
    for (const f of files) chunks.push(fs.readFileSync(f, 'utf8'));
  }
  return chunks;
}

function merge(chunks, usedHeadings) {
  const sections = new Map();
  for (const c of chunks) {
    let head = '# Conventions';
    for (const line of c.split('\n')) {
      if (/^#{1,3} /.test(line)) { head = line.trim(); continue; }
      if (!sections.has(head)) sections.set(head, new Set());
      if (line.trim()) sections.get(head).add(line);
    }
  }
  let out = '';
  for (const [h, lines] of sections) {
    if (usedHeadings.size && !usedHeadings.has(h)) continue;
    out += `${h}\n\n${[...lines].join('\n')}\n\n`;
  }
  return out;
}

const root = process.cwd();
const used = await loadUsage(cfg);
const merged = merge(readRepoSources(root), used);
const target = path.join(root, cfg.output);
if (check) {
  const cur = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  process.exit(cur === merged ? 0 : 1);
}
fs.writeFileSync(target, merged);
console.log(`wrote ${cfg.output}`);
