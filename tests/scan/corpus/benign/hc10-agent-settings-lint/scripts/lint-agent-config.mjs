#!/usr/bin/env node
// Read-only lint of agent configuration committed in the current git repository.
import { readFileSync, existsSync } from "node:fs";
import { execSync } from "node:child_process";
import { join } from "node:path";

const root = execSync("git rev-parse --show-toplevel", { encoding: "utf8" }).trim();
const read = (p) => { const f = join(root, p); return existsSync(f) ? readFileSync(f, "utf8") : null; };
const findings = [];
const add = (sev, id, file, msg) => findings.push({ sev, id, file, msg });
const mask = (s) => (s.length > 6 ? s.slice(0, 4) + "…" : "…");
const TOKENISH = /^(sk-|ghp_|github_pat_|xox[bp]-|AKIA|AIza)|^[A-Za-z0-9_\-]{32,}$/;

const settings = read(".claude/settings.json");
if (settings) {
  let s = {};
  try { s = JSON.parse(settings); } catch { add("high", "parse", ".claude/settings.json", "invalid JSON"); }
  const p = s.permissions ?? {};
  if (p.defaultMode === "bypassPermissions") add("high", "bypass-mode", ".claude/settings.json", "defaultMode is bypassPermissions");
  for (const r of p.allow ?? []) {
    if (/^(Bash|WebFetch)(\(\*\))?$/.test(r)) add("high", "wildcard-allow", ".claude/settings.json", `allow rule ${r}`);
  }
  if (!(p.deny ?? []).some((r) => /\.env/.test(r))) add("medium", "no-deny", ".claude/settings.json", "no deny rule for .env files");
  for (const [k, v] of Object.entries(s.env ?? {})) {
    if (typeof v === "string" && TOKENISH.test(v)) add("high", "secret-in-config", ".claude/settings.json", `env ${k}=${mask(v)}`);
  }
}

const mcp = read(".mcp.json");
if (mcp) {
  let m = {};
  try { m = JSON.parse(mcp); } catch { add("high", "parse", ".mcp.json", "invalid JSON"); }
  for (const [name, srv] of Object.entries(m.mcpServers ?? {})) {
    const args = srv.args ?? [];
    if (["npx", "uvx"].includes(srv.command)) {
      const pkg = args.find((a) => !a.startsWith("-"));
      if (pkg && !/@\d/.test(pkg) && !/==\d/.test(pkg)) add("medium", "mcp-unpinned", ".mcp.json", `${name}: ${srv.command} ${pkg}`);
    }
    if (srv.url && /^http:\/\//.test(srv.url) && !/^http:\/\/(localhost|127\.0\.0\.1)/.test(srv.url))
      add("medium", "mcp-remote-http", ".mcp.json", `${name}: ${srv.url}`);
    for (const [k, v] of Object.entries(srv.env ?? {})) {
      if (typeof v === "string" && TOKENISH.test(v)) add("high", "secret-in-config", ".mcp.json", `${name}.env ${k}=${mask(v)}`);
    }
  }
}

const codex = read(".codex/config.toml");
if (codex) {
  if (/^\s*sandbox_mode\s*=\s*"danger-full-access"/m.test(codex)) add("high", "codex-full-access", ".codex/config.toml", "sandbox_mode danger-full-access");
  if (/^\s*approval_policy\s*=\s*"never"/m.test(codex)) add("high", "codex-full-access", ".codex/config.toml", "approval_policy never");
}

for (const f of ["AGENTS.md", "CLAUDE.md", ".claude/CLAUDE.md"]) {
  const t = read(f);
  if (t && t.split("\n").length > 200) add("low", "memory-size", f, `${t.split("\n").length} lines`);
}

const order = { high: 0, medium: 1, low: 2 };
findings.sort((a, b) => order[a.sev] - order[b.sev]);
for (const f of findings) console.log(`${f.sev.padEnd(6)} ${f.id.padEnd(18)} ${f.file}: ${f.msg}`);
console.log(findings.length ? `\n${findings.length} finding(s)` : "no findings");
