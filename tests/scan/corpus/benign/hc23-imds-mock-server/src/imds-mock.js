#!/usr/bin/env node
'use strict';
// Local IMDSv2 mock. Binds to 127.0.0.1 and returns FAKE data only.
const http = require('http');
const crypto = require('crypto');

function createServer({ region = 'us-east-1', role = 'mock-role' } = {}) {
  const tokens = new Map();

  const meta = {
    'instance-id': 'i-0mock0000000000000',
    'instance-type': 't3.micro',
    'ami-id': 'ami-0mock00000000000',
    'placement/region': region,
    'placement/availability-zone': `${region}a`,
    'iam/security-credentials/': role,
  };

  function creds() {
    const exp = new Date(Date.now() + 3600e3).toISOString();
    return JSON.stringify({
      Code: 'Success',
      LastUpdated: new Date().toISOString(),
      Type: 'AWS-HMAC',
      AccessKeyId: 'ASIAMOCKMOCKMOCKMOCK',
      SecretAccessKey: 'mock/secret/not-a-real-key/0000000000000',
      Token: 'mock-session-token',
      Expiration: exp,
    });
  }

  return http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'PUT' && url.pathname === '/latest/api/token') {
      const ttl = Number(req.headers['x-aws-ec2-metadata-token-ttl-seconds'] || 0);
      if (!ttl || ttl > 21600) { res.writeHead(400); return res.end(); }
      const t = crypto.randomBytes(24).toString('base64url');
      tokens.set(t, Date.now() + ttl * 1000);
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(t);
    }
    const tok = req.headers['x-aws-ec2-metadata-token'];
    if (!tok || !tokens.has(tok) || tokens.get(tok) < Date.now()) {
      res.writeHead(401); return res.end();
    }
    const p = url.pathname.replace(/^\/latest\/meta-data\//, '');
    if (p === `iam/security-credentials/${role}`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(creds());
    }
    if (Object.prototype.hasOwnProperty.call(meta, p)) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(meta[p]);
    }
    res.writeHead(404); res.end();
  });
}

module.exports = { createServer };

if (require.main === module) {
  const args = process.argv.slice(2);
  const get = (f, d) => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
  const port = Number(get('--port', 1338));
  const server = createServer({ region: get('--region', 'us-east-1') });
  server.listen(port, '127.0.0.1', () => {
    console.log(`IMDS mock on http://127.0.0.1:${port} (pid ${process.pid})`);
  });
}
