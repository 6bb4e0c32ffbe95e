#!/usr/bin/env node
// Offline JWT decoder and checker. No network access.
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };

function b64urlDecode(seg) {
  const pad = seg.length % 4 ? "=".repeat(4 - (seg.length % 4)) : "";
  return Buffer.from(seg.replace(/-/g, "+").replace(/_/g, "/") + pad, "base64");
}

function ago(seconds) {
  const s = Math.abs(seconds), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return `${h ? `${h}h ` : ""}${m}m`;
}

let token;
if (opt("--from-env")) token = process.env[opt("--from-env")];
else if (args.includes("--stdin")) token = readFileSync(0, "utf8");
else token = args.find((a) => !a.startsWith("--"));
token = (token || "").trim().replace(/^Bearer\s+/i, "");
const parts = token.split(".");
if (parts.length !== 3) { console.error("not a JWT (need 3 dot-separated parts)"); process.exit(2); }

const header = JSON.parse(b64urlDecode(parts[0]).toString("utf8"));
const payload = JSON.parse(b64urlDecode(parts[1]).toString("utf8"));
const now = Math.floor(Date.now() / 1000);
const findings = [];

if (String(header.alg).toLowerCase() === "none") findings.push("alg none (unsigned)");
if (/^HS/.test(header.alg) && header.kid) findings.push("alg HS* with kid: check for key confusion");
if (typeof payload.exp === "number") {
  if (payload.exp < now - 60) findings.push(`expired ${ago(now - payload.exp)} ago`);
}
if (typeof payload.nbf === "number" && payload.nbf > now + 60) findings.push("not yet valid");
if (opt("--aud")) {
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  findings.push(aud.includes(opt("--aud")) ? "aud ok" : "aud mismatch");
}
if (opt("--iss")) findings.push(payload.iss === opt("--iss") ? "iss ok" : "iss mismatch");

console.log("header  ", JSON.stringify(header));
console.log("payload ", JSON.stringify(payload));
if (payload.exp) console.log("exp     ", new Date(payload.exp * 1000).toISOString());
console.log("findings", findings.join("; ") || "none");

const secretVar = opt("--verify-env");
if (secretVar) {
  if (header.alg !== "HS256") {
    console.log(`signature not checked (${header.alg} needs the issuer's public key)`);
  } else if (!process.env[secretVar]) {
    console.log(`signature not checked ($${secretVar} is not set)`);
  } else {
    const mac = createHmac("sha256", process.env[secretVar]).update(`${parts[0]}.${parts[1]}`).digest();
    const sig = b64urlDecode(parts[2]);
    const ok = sig.length === mac.length && timingSafeEqual(sig, mac);
    console.log("signature", ok ? "valid (HS256)" : "INVALID");
  }
} else {
  console.log("signature not checked");
}
