#!/usr/bin/env node
'use strict';
const fs = require('fs');

const OVERRIDE = [
  /\bignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier) (?:instructions|prompts|rules)\b/i,
  /\bdisregard (?:your|the|all) (?:instructions|guidelines|system prompt)\b/i,
  /\byou are now (?:a|an|in) /i,
  /\bnew (?:system )?instructions?:/i,
  /\bfrom now on,? you (?:must|will|should)\b/i,
  /\boverride (?:your|the) (?:safety|guidelines|rules)\b/i,
];
const LEAK = [/\b(?:reveal|print|repeat|output|show) (?:your|the) (?:system prompt|hidden instructions|initial instructions)\b/i, /\bverbatim\b.*\b(?:system prompt|instructions)\b/i];
const SECRECY = [/\b(?:do not|don't|never) (?:tell|inform|mention (?:this )?to) the user\b/i, /\bwithout (?:telling|informing|asking) the user\b/i, /\bsilently\b/i];
const INVISIBLE = /[\u{E0000}-\u{E007F}\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/gu;
const COMMENT = /<!--([\s\S]*?)-->|^\[\/\/\]: # \((.*)\)$/gm;
const EXFIL = /!\[[^\]]*\]\(https?:\/\/[^)\s]+\?[^)\s]*=\{?[^)\s]*\)|https?:\/\/[^\s)]+[?&](?:q|data|d|c|p)=\{\{?[^}]+\}?\}/gi;

function scan(text) {
  const f = [];
  const add = (id, msg, index) => f.push({ id, msg, line: text.slice(0, index).split('\n').length });
  for (const re of OVERRIDE) { const m = re.exec(text); if (m) add('IG01', `override phrase: "${m[0]}"`, m.index); }
  for (const m of text.matchAll(INVISIBLE)) {
    add('IG02', `invisible character U+${m[0].codePointAt(0).toString(16).toUpperCase()}`, m.index);
    break;
  }
  const tagCount = [...text].filter((c) => c.codePointAt(0) >= 0xe0000 && c.codePointAt(0) <= 0xe007f).length;
  if (tagCount > 3) {
    const decoded = [...text].filter((c) => c.codePointAt(0) >= 0xe0000 && c.codePointAt(0) <= 0xe007f).map((c) => String.fromCharCode(c.codePointAt(0) - 0xe0000)).join('');
    f.push({ id: 'IG02', msg: `hidden tag-character text: "${decoded.slice(0, 120)}"`, line: 0 });
  }
  for (const m of text.matchAll(COMMENT)) {
    const body = (m[1] || m[2] || '').trim();
    if (/\b(?:run|execute|send|post|delete|ignore|must|do not)\b/i.test(body)) add('IG03', `imperative text in comment: "${body.slice(0, 80)}"`, m.index);
  }
  for (const re of LEAK) { const m = re.exec(text); if (m) add('IG04', `prompt-leak request: "${m[0]}"`, m.index); }
  for (const m of text.matchAll(EXFIL)) add('IG05', `exfiltration-shaped URL: ${m[0].slice(0, 100)}`, m.index);
  for (const re of SECRECY) { const m = re.exec(text); if (m) add('IG06', `secrecy instruction: "${m[0]}"`, m.index); }
  return f;
}

function strip(text) {
  return text.replace(INVISIBLE, '').replace(/[\u{E0000}-\u{E007F}]/gu, '').replace(COMMENT, '');
}

module.exports = { scan, strip };

if (require.main === module) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  const text = file ? fs.readFileSync(file, 'utf8') : fs.readFileSync(0, 'utf8');
  if (args.includes('--strip')) { process.stdout.write(strip(text)); process.exit(0); }
  const f = scan(text);
  if (args.includes('--json')) console.log(JSON.stringify(f, null, 2));
  else if (!f.length) console.log('clean');
  else for (const x of f) console.log(`${x.id} line ${x.line}: ${x.msg}`);
  process.exit(f.length ? 1 : 0);
}
