#!/usr/bin/env node
// Find hard-coded user-facing strings in JSX/TSX/Vue/Svelte files (heuristic, regex-based).
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2] || 'src';
const EXT = new Set(['.jsx', '.tsx', '.js', '.ts', '.vue', '.svelte']);
const SKIP_DIR = new Set(['node_modules', 'dist', 'build', '.next', 'coverage', '__tests__', 'locales']);
const ATTRS = ['placeholder', 'title', 'alt', 'aria-label', 'label'];

const jsxText = />\s*([^<>{}\n]*[A-Za-z][^<>{}\n]*?)\s*</g;
const attrText = new RegExp(`\\b(${ATTRS.join('|')})="([^"]*[A-Za-z][^"]*)"`, 'g');

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIR.has(e.name) && !e.name.startsWith('.')) yield* walk(path.join(dir, e.name));
    } else if (EXT.has(path.extname(e.name)) && !/\.(test|spec|stories)\./.test(e.name)) {
      yield path.join(dir, e.name);
    }
  }
}

function plausible(s) {
  const t = s.trim();
  if (t.length < 2) return false;
  if (/^https?:\/\//.test(t)) return false;
  if (/^[\w-]+$/.test(t) && !/\s/.test(t) && t === t.toLowerCase()) return false; // identifiers
  if (/^[\d\s.,:%$€£-]+$/.test(t)) return false;
  return true;
}

const out = [];
for (const file of walk(root)) {
  const src = fs.readFileSync(file, 'utf8');
  const lines = src.split('\n');
  lines.forEach((line, i) => {
    if (/\bt\(|\$t\(|\$_\(/.test(line)) return;
    for (const m of line.matchAll(jsxText)) if (plausible(m[1])) out.push({ file, line: i + 1, kind: 'text', value: m[1].trim() });
    for (const m of line.matchAll(attrText)) if (plausible(m[2])) out.push({ file, line: i + 1, kind: m[1], value: m[2] });
  });
}
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
console.error(`${out.length} candidate strings in ${new Set(out.map(o => o.file)).size} files`);
