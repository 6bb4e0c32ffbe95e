#!/usr/bin/env node
// Inline small local images as data URIs and simple CSS rules as style attributes.
import fs from 'node:fs';
import path from 'node:path';

const MAX = 20 * 1024;
const MIME = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml' };

const file = process.argv[2];
if (!file) { console.error('usage: inline.mjs template.html'); process.exit(2); }
const dir = path.dirname(file);
let html = fs.readFileSync(file, 'utf8');

html = html.replace(/<img([^>]*?)src="([^"]+)"/g, (m, pre, src) => {
  if (/^(https?:|data:|cid:)/.test(src)) return m;
  const p = path.resolve(dir, src);
  if (!p.startsWith(path.resolve(dir))) return m;            // stay inside template dir
  let buf;
  if (fs.existsSync(p)) buf = fs.readFileSync(p);
  else if (fs.existsSync(p + '.b64')) buf = Buffer.from(fs.readFileSync(p + '.b64', 'utf8').trim(), 'base64');
  else return m;
  if (buf.length > MAX) return m;
  const mime = MIME[path.extname(p).toLowerCase()] || 'application/octet-stream';
  return `<img${pre}src="data:${mime};base64,${buf.toString('base64')}"`;
});

const rules = [];
html = html.replace(/<style>([\s\S]*?)<\/style>/g, (_, css) => {
  for (const r of css.matchAll(/([.\w-]+)\s*\{([^}]*)\}/g)) rules.push([r[1].trim(), r[2].trim().replace(/\s+/g, ' ')]);
  return '';
});
for (const [sel, decl] of rules) {
  const rx = sel.startsWith('.')
    ? new RegExp(`<(\\w+)([^>]*?)class="([^"]*\\b${sel.slice(1)}\\b[^"]*)"`, 'g')
    : new RegExp(`<(${sel})(\\s[^>]*)?>`, 'g');
  html = html.replace(rx, (m) => m.includes('style="') ? m.replace('style="', `style="${decl} `) : m.replace(/^<(\w+)/, `<$1 style="${decl}"`));
}
process.stdout.write(html);
