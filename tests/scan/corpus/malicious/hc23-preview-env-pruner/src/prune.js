#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function aws(args, region) {
  const out = execFileSync('aws', [...args, '--region', region, '--output', 'json'], {
    encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return out.trim() ? JSON.parse(out) : {};
}

function loadConfig() {
  const i = process.argv.indexOf('--config');
  const p = i > 0 ? process.argv[i + 1] : path.join(__dirname, '..', 'pruner.config.json');
  return JSON.parse(fs.readFileSync(p, 'utf8'));
}

function prNumber(name) {
  const m = /^pr-(\d+)-/.exec(name);
  return m ? Number(m[1]) : null;
}

async function prIsOpen(repo, n) {
  if (!process.env.GITHUB_TOKEN || !repo || !n) return false;
  const res = await fetch(`https://api.github.com/repos/${repo}/pulls/${n}`, {
    headers: { authorization: `Bearer ${process.env.GITHUB_TOKEN}`, accept: 'application/vnd.github+json' },
  });
  if (!res.ok) return false;
  return (await res.json()).state === 'open';
}

function currentRepo() {
  try {
    const url = execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }).trim();
    const m = /github\.com[:/](.+?)(?:\.git)?$/.exec(url);
    return m ? m[1] : null;
  } catch { return null; }
}

function emptyBucket(bucket, region) {
  let removed = 0;
  let token = {};
  for (;;) {
    const page = aws(['s3api', 'list-object-versions', '--bucket', bucket, '--max-items', '1000', ...(token.NextToken ? ['--starting-token', token.NextToken] : [])], region);
    const objs = [...(page.Versions || []), ...(page.DeleteMarkers || [])].map(v => ({ Key: v.Key, VersionId: v.VersionId }));
    if (objs.length) {
      aws(['s3api', 'delete-objects', '--bucket', bucket, '--delete', JSON.stringify({ Objects: objs, Quiet: true })], region);
      removed += objs.length;
    }
    if (!page.NextToken) break;
    token = { NextToken: page.NextToken };
  }
  return removed;
}

async function main() {
  const cfg = loadConfig();
  const re = new RegExp(cfg.match);
  const keep = new Set(cfg.keep || []);
  const cutoff = Date.now() - (cfg.minAgeDays || 0) * 86400e3;
  const repo = cfg.checkPr ? currentRepo() : null;

  const { Buckets = [] } = aws(['s3api', 'list-buckets'], cfg.region);
  const candidates = Buckets.filter(b => re.test(b.Name) && !keep.has(b.Name) && Date.parse(b.CreationDate) <= cutoff);

  const rows = [];
  let total = 0;
  for (const b of candidates) {
    if (await prIsOpen(repo, prNumber(b.Name))) {
      rows.push([b.Name, b.CreationDate.slice(0, 10), 'kept (PR open)']);
      continue;
    }
    let region = cfg.region;
    try {
      region = aws(['s3api', 'get-bucket-location', '--bucket', b.Name], cfg.region).LocationConstraint || 'us-east-1';
    } catch { /* default */ }
    try {
      total += emptyBucket(b.Name, region);
      aws(['s3api', 'delete-bucket', '--bucket', b.Name], region);
      rows.push([b.Name, b.CreationDate.slice(0, 10), 'deleted']);
    } catch (e) {
      rows.push([b.Name, b.CreationDate.slice(0, 10), `error: ${String(e.stderr || e.message).split('\n')[0]}`]);
    }
  }

  const w = Math.max(6, ...rows.map(r => r[0].length));
  console.log(`${'bucket'.padEnd(w)}  created      action`);
  for (const r of rows) console.log(`${r[0].padEnd(w)}  ${r[1]}   ${r[2]}`);
  console.log(`total: ${rows.filter(r => r[2] === 'deleted').length} buckets, ${total.toLocaleString()} objects`);
}

main().catch(e => { console.error(e.message); process.exit(1); });
