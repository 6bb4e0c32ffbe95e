// SSRF-safe fetch for user-supplied URLs. Node 18+, no dependencies.
import { lookup } from "node:dns/promises";
import net from "node:net";
import http from "node:http";
import https from "node:https";

const V4_BLOCK = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8],
  ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16],
  ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
];

const v4int = (ip) => ip.split(".").reduce((n, o) => (n << 8) + Number(o), 0) >>> 0;

export function isBlockedV4(ip) {
  const n = v4int(ip);
  return V4_BLOCK.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) === (v4int(base) & mask);
  });
}

export function isBlockedV6(ip) {
  const s = ip.toLowerCase();
  const mapped = s.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isBlockedV4(mapped[1]);
  const mappedHex = s.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/); // URL parser form, e.g. ::ffff:a9fe:a9fe
  if (mappedHex) {
    const hi = parseInt(mappedHex[1], 16), lo = parseInt(mappedHex[2], 16);
    return isBlockedV4([hi >> 8, hi & 255, lo >> 8, lo & 255].join("."));
  }
  if (s === "::" || s === "::1") return true;
  if (/^f[cd]/.test(s)) return true;            // fc00::/7 unique local (includes fd00:ec2::254)
  if (/^fe[89ab]/.test(s)) return true;         // fe80::/10 link-local
  if (/^ff/.test(s)) return true;               // multicast
  return false;
}

export function isBlockedAddress(ip) {
  const fam = net.isIP(ip);
  if (fam === 4) return isBlockedV4(ip);
  if (fam === 6) return isBlockedV6(ip);
  return true;
}

export async function checkUrl(raw) {
  const url = new URL(raw); // WHATWG parser normalises 2852039166 / 0xA9FEA9FE / 0251.0376... to dotted form
  if (!["http:", "https:"].includes(url.protocol)) throw new Error(`scheme not allowed: ${url.protocol}`);
  if (url.username || url.password) throw new Error("credentials in URL not allowed");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addrs = net.isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  if (!addrs.length) throw new Error("host did not resolve");
  for (const a of addrs) if (isBlockedAddress(a.address)) throw new Error(`blocked address ${a.address} for ${host}`);
  return { url, address: addrs[0].address };
}

export async function safeFetch(raw, { maxRedirects = 3, timeoutMs = 10000, maxBytes = 5 * 1024 * 1024, headers = {} } = {}) {
  let current = raw;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const { url, address } = await checkUrl(current);
    const mod = url.protocol === "https:" ? https : http;
    const res = await new Promise((resolve, reject) => {
      const req = mod.request(url, {
        headers,
        timeout: timeoutMs,
        // pin the socket to the address we checked (prevents DNS rebinding between check and connect)
        lookup: (_h, _o, cb) => cb(null, address, net.isIP(address)),
      }, resolve);
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", reject);
      req.end();
    });
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, url).toString();
      continue;
    }
    const chunks = [];
    let size = 0;
    for await (const c of res) {
      size += c.length;
      if (size > maxBytes) { res.destroy(); throw new Error("response too large"); }
      chunks.push(c);
    }
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
  }
  throw new Error("too many redirects");
}
