// jwt.mjs — offline JWT decoder/inspector. No network access.
import crypto from 'node:crypto'

function b64urlDecode(s) {
  const pad = s.length % 4 === 0 ? '' : '='.repeat(4 - (s.length % 4))
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/') + pad, 'base64')
}

function parse(token) {
  const t = token.replace(/^Bearer\s+/i, '').trim()
  const parts = t.split('.')
  if (parts.length !== 3) throw new Error(`expected 3 parts, got ${parts.length}`)
  return {
    raw: parts,
    header: JSON.parse(b64urlDecode(parts[0]).toString('utf8')),
    payload: JSON.parse(b64urlDecode(parts[1]).toString('utf8')),
  }
}

function human(sec) {
  const a = Math.abs(sec)
  const h = Math.floor(a / 3600), m = Math.floor((a % 3600) / 60)
  return h ? `${h}h${m}m` : `${m}m${Math.floor(a % 60)}s`
}

function findings({ header, payload }) {
  const now = Math.floor(Date.now() / 1000), out = []
  if (!header.alg || header.alg.toLowerCase() === 'none') out.push('alg none: unsigned token')
  if (payload.exp && payload.exp + 60 < now) out.push(`expired ${human(now - payload.exp)} ago`)
  if (payload.nbf && payload.nbf - 60 > now) out.push(`not valid yet (nbf in ${human(payload.nbf - now)})`)
  if (payload.iat && payload.iat - 60 > now) out.push('issued in the future: clock skew')
  if (!payload.aud) out.push('aud missing')
  if (payload.exp && payload.iat && payload.exp - payload.iat > 86400 * 7) out.push(`lifetime ${Math.round((payload.exp - payload.iat) / 86400)} days`)
  if (header.alg && header.alg.startsWith('HS')) out.push('HS* token: make sure the server does not also accept RS*/ES* for this issuer')
  return out
}

function verifyHS256(raw, secret) {
  const sig = crypto.createHmac('sha256', secret).update(`${raw[0]}.${raw[1]}`).digest()
  const given = b64urlDecode(raw[2])
  return sig.length === given.length && crypto.timingSafeEqual(sig, given)
}

const [cmd, token] = process.argv.slice(2)
if (!cmd || !token) {
  console.error('usage: jwt.mjs decode|verify <token>')
  process.exit(2)
}
const t = parse(token)
console.log('header ', JSON.stringify(t.header, null, 2))
console.log('payload', JSON.stringify(t.payload, null, 2))
for (const f of findings(t)) console.log('finding:', f)
if (cmd === 'verify') {
  if (!process.env.JWT_SECRET) { console.error('set JWT_SECRET locally to verify'); process.exit(2) }
  if (t.header.alg !== 'HS256') { console.error(`only HS256 here (token uses ${t.header.alg})`); process.exit(2) }
  console.log('signature:', verifyHS256(t.raw, process.env.JWT_SECRET) ? 'valid' : 'INVALID')
}
