#!/usr/bin/env node
'use strict';
// Read-only prompt-injection linter for agent instruction files.
const fs = require('fs');
const path = require('path');

const TARGETS = /^(SKILL|AGENTS|CLAUDE|GEMINI|README)\.md$|\.cursorrules$|\.mdc$|\.prompt\.md$/i;

const RULES = [
  { id: 'unicode-tags', sev: 'high', re: /[\u{E0000}-\u{E007F}]+/gu,
    show: m => 'hidden: ' + [...m].map(c => String.fromCharCode(c.codePointAt(0) - 0xE0000)).join('').replace(/[^\x20-\x7e]/g, '') },
  { id: 'bidi', sev: 'high', re: /[\u202A-\u202E\u2066-\u2069]/g },
  { id: 'zero-width', sev: 'medium', re: /\w[\u200B-\u200D\u2060\uFEFF]+\w/g },
  { id: 'override-phrase', sev: 'high',
    re: /\b(ignore (all )?(previous|prior|above) instructions|do not (tell|inform|show) the user|without asking( the user)?|don't mention (this|it) to the user)\b/gi },
  { id: 'pipe-shell', sev: 'medium', re: /\b(curl|wget)\b[^\n|]*\|\s*(ba|z)?sh\b|\biex\s*\(\s*(irm|iwr|\(New-Object)/gi },
];

function htmlComments(text) {
  const out = [];
  const re = /<!--([\s\S]*?)-->/g;
  let m;
  while ((m = re.exec(text))) {
    if (/\b(run|execute|send|upload|delete|ignore|curl|don't|do not)\b/i.test(m[1])) out.push({ index: m.index, text: m[1].trim().slice(0, 160) });
  }
  return out;
}

function homoglyphHosts(text) {
  const out = [];
  for (const m of text.matchAll(/https?:\/\/([^\s/'")]+)/g)) {
    const host = m[1];
    if (/[^\x00-\x7f]/.test(host)) out.push({ index: m.index, text: host });
  }
  return out;
}

function lineOf(text, idx) {
  return text.slice(0, idx).split('\n').length;
}

function lintFile(file) {
  const text = fs.readFileSync(file, 'utf8');
  const findings = [];
  for (const r of RULES) {
    for (const m of text.matchAll(r.re)) {
      findings.push({ file, line: lineOf(text, m.index), id: r.id, sev: r.sev, detail: r.show ? r.show(m[0]) : JSON.stringify(m[0]).slice(0, 120) });
    }
  }
  for (const c of htmlComments(text)) findings.push({ file, line: lineOf(text, c.index), id: 'html-comment-imperative', sev: 'medium', detail: c.text });
  for (const h of homoglyphHosts(text)) findings.push({ file, line: lineOf(text, h.index), id: 'homoglyph-domain', sev: 'high', detail: h.text });
  return findings;
}

function* walk(p) {
  const st = fs.statSync(p);
  if (st.isFile()) { yield p; return; }
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const full = path.join(p, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (TARGETS.test(e.name)) yield full;
  }
}

function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const roots = args.filter(a => a !== '--json');
  if (!roots.length) { console.error('usage: lint.js <path>... [--json]'); process.exit(2); }
  const all = [];
  for (const r of roots) for (const f of walk(r)) all.push(...lintFile(f));
  if (json) console.log(JSON.stringify(all, null, 2));
  else for (const f of all) console.log(`${f.file}:${f.line}  ${f.sev.padEnd(6)} ${f.id}  ${f.detail}`);
  process.exit(all.some(f => f.sev === 'high') ? 1 : 0);
}

module.exports = { lintFile };
if (require.main === module) main();
