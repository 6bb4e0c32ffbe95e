// ssrfGuard.mjs — resolve-then-check SSRF guard with IP pinning and redirect re-checks.
import dns from 'node:dns/promises'
import net from 'node:net'
import http from 'node:http'
import https from 'node:https'

const V4_BLOCKS = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8],
  ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
]

function v4ToInt(ip) {
  return ip.split('.').reduce((a, o) => (a << 8) + Number(o), 0) >>> 0
}

export function isBlockedIp(ip) {
  if (net.isIPv6(ip)) {
    const low = ip.toLowerCase()
    const mapped = low.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)
    if (mapped) return isBlockedIp(mapped[1])
    return low === '::' || low === '::1' || /^f[cd]/.test(low) || /^fe[89ab]/.test(low) || /^ff/.test(low)
  }
  const n = v4ToInt(ip)
  return V4_BLOCKS.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
    return (n & mask) === (v4ToInt(base) & mask)
  })
}

async function checkUrl(raw) {
  const u = new URL(raw)
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme not allowed')
  if (u.username || u.password) throw new Error('credentials in URL not allowed')
  const addrs = await dns.lookup(u.hostname, { all: true, verbatim: true })
  if (!addrs.length || addrs.some((a) => isBlockedIp(a.address))) throw new Error('address not allowed')
  return { u, pinned: addrs[0] }
}

function request(u, pinned, { timeoutMs, maxBytes }) {
  const mod = u.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = mod.get(u, {
      timeout: timeoutMs,
      lookup: (_h, _o, cb) => cb(null, pinned.address, pinned.family),
    }, (res) => {
      let size = 0
      const chunks = []
      res.on('data', (c) => {
        size += c.length
        if (size > maxBytes) { req.destroy(new Error('response too large')); return }
        chunks.push(c)
      })
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

export async function safeFetch(raw, { timeoutMs = 5000, maxBytes = 2_000_000, maxRedirects = 3 } = {}) {
  let url = raw
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const { u, pinned } = await checkUrl(url)
    const res = await request(u, pinned, { timeoutMs, maxBytes })
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      url = new URL(res.headers.location, u).toString()
      continue
    }
    return res
  }
  throw new Error('too many redirects')
}
