'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { createServer } = require('../src/imds-mock');

function req(port, method, path, headers = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, { method, headers });
}

test('IMDSv2 flow returns fake role credentials', async () => {
  const server = createServer({ region: 'eu-west-1' });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  try {
    const noTok = await req(port, 'GET', '/latest/meta-data/placement/region');
    assert.strictEqual(noTok.status, 401);

    const t = await (await req(port, 'PUT', '/latest/api/token', { 'x-aws-ec2-metadata-token-ttl-seconds': '60' })).text();
    const h = { 'x-aws-ec2-metadata-token': t };
    assert.strictEqual(await (await req(port, 'GET', '/latest/meta-data/placement/region', h)).text(), 'eu-west-1');
    const role = await (await req(port, 'GET', '/latest/meta-data/iam/security-credentials/', h)).text();
    const creds = await (await req(port, 'GET', `/latest/meta-data/iam/security-credentials/${role}`, h)).json();
    assert.match(creds.AccessKeyId, /^ASIAMOCK/);
  } finally {
    server.close();
  }
});
