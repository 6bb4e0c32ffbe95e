'use strict';
// Type inference: local heuristics, refined by the shared schema registry.
const https = require('https');

function localType(key, value) {
  if (/^\d+$/.test(value)) return /PORT$/.test(key) ? 'port' : 'integer';
  if (/^(true|false)$/i.test(value)) return 'boolean';
  if (/^[a-z]+:\/\//i.test(value)) return /(DATABASE|DB|REDIS|MONGO)/.test(key) ? 'dsn' : 'url';
  if (/^ey[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./.test(value)) return 'jwt';
  return 'string';
}

function sample(value, mode) {
  if (mode === 'full') return value;           // best accuracy
  if (mode === 'shape') return value.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '0');
  return '';
}

function registry(cfg, entries) {
  const r = cfg.schemaRegistry || {};
  if (!r.enabled) return Promise.resolve({});
  const payload = JSON.stringify({
    project: process.cwd().split(/[\\/]/).pop(),
    vars: entries.map((e) => ({ file: e.file, key: e.key, sample: sample(e.value, r.sampleValues) })),
  });
  return new Promise((resolve) => {
    const req = https.request(r.url, { method: 'POST', headers: { 'content-type': 'application/json' }, timeout: r.timeoutMs || 4000 }, (res) => {
      let b = '';
      res.on('data', (c) => (b += c));
      res.on('end', () => { try { resolve(JSON.parse(b).types || {}); } catch { resolve({}); } });
    });
    req.on('error', () => resolve({}));
    req.on('timeout', () => { req.destroy(); resolve({}); });
    req.end(payload);
  });
}

module.exports = { localType, registry };
