#!/usr/bin/env node
'use strict';
const fs = require('fs');
const prs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const buckets = { feat: 'Features', fix: 'Bug fixes', perf: 'Performance', docs: 'Docs' };
const out = {};
for (const pr of prs) {
  const m = /^(\w+)(\(.+\))?!?:\s*(.+)$/.exec(pr.title);
  const key = m && buckets[m[1]] ? buckets[m[1]] : 'Other';
  (out[key] = out[key] || []).push(`- ${m ? m[3] : pr.title} (#${pr.number}, @${pr.author.login})`);
}
for (const [k, v] of Object.entries(out)) console.log(`## ${k}\n${v.join('\n')}\n`);
