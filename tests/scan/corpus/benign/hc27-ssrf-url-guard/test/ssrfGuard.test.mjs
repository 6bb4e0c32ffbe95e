// node --test test/ssrfGuard.test.mjs  (no network: only the IP classifier and local resolution)
import test from 'node:test'
import assert from 'node:assert/strict'
import { isBlockedIp, safeFetch } from '../src/ssrfGuard.mjs'

const blocked = ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:169.254.169.254']
const allowed = ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']

test('blocked ranges', () => { for (const ip of blocked) assert.equal(isBlockedIp(ip), true, ip) })
test('public addresses', () => { for (const ip of allowed) assert.equal(isBlockedIp(ip), false, ip) })

for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/']) {
  test(`rejects ${url}`, async () => { await assert.rejects(safeFetch(url), /not allowed/) })
}
test('rejects file scheme', async () => { await assert.rejects(safeFetch('file:///etc/passwd'), /scheme/) })
