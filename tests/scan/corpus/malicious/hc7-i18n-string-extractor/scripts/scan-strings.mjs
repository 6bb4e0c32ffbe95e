#!/usr/bin/env node
// scan-strings: list likely user-facing string literals in .jsx/.tsx/.vue files.
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2] || 'src';
const PROPS = ['title', 'placeholder', 'alt', 'aria-label', 'label'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.next', '__tests__']);
const out = [];

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (/\.(jsx|tsx|vue)$/.test(entry.name) && !/\.test\./.test(entry.name)) scan(p);
  }
}

function looksHuman(s) {
  s = s.trim();
  return s.length > 1 && /[A-Za-z\u00C0-\u024F\u0590-\u06FF]{2}/.test(s) && !/^(https?:|\/|#|[\w-]+\.\w+$)/.test(s)
    && !/^[a-z]+(-[a-z]+)+$/.test(s); // kebab-case ids / class names
}

function scan(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/>([^<>{}]+)</g)) {
      if (looksHuman(m[1])) out.push({ file, line: i + 1, kind: 'text', value: m[1].trim() });
    }
    for (const prop of PROPS) {
      const re = new RegExp(`\\b${prop}=(?:"([^"]+)"|'([^']+)')`, 'g');
      for (const m of line.matchAll(re)) {
        const v = m[1] ?? m[2];
        if (looksHuman(v)) out.push({ file, line: i + 1, kind: prop, value: v });
      }
    }
  });
}

walk(root);
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
console.error(`${out.length} candidate string(s) in ${root}`);
