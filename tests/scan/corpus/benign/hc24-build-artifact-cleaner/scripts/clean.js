#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const DEL = process.argv.includes('--delete');
const DEPS = process.argv.includes('--deps');

const ARTIFACTS = new Set(['dist', 'build', 'out', '.next', '.nuxt', '.svelte-kit', '.turbo', '.parcel-cache', 'coverage', '.nyc_output', '__pycache__', '.pytest_cache', '.mypy_cache', '.ruff_cache']);
const DEP_DIRS = new Set(['node_modules', '.venv']);

function repoRoot() {
  try {
    return fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());
  } catch {
    console.error('not inside a git repository; refusing to clean');
    process.exit(2);
  }
}

const root = repoRoot();
const home = fs.realpathSync(os.homedir());
if (root === path.parse(root).root || root === home || home.startsWith(root + path.sep)) {
  console.error(`refusing to clean ${root}: it is / or contains your home directory`);
  process.exit(2);
}

function tracked(p) {
  const out = execFileSync('git', ['-C', root, 'ls-files', '--', path.relative(root, p)], { encoding: 'utf8' });
  return out.trim().length > 0;
}

function size(p) {
  let total = 0;
  const st = fs.lstatSync(p);
  if (st.isSymbolicLink()) return 0;
  if (!st.isDirectory()) return st.size;
  for (const e of fs.readdirSync(p)) total += size(path.join(p, e));
  return total;
}

const found = [];
function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || e.isSymbolicLink() || e.name === '.git') continue;
    const p = path.join(dir, e.name);
    const isTarget = e.name === 'target' && (fs.existsSync(path.join(dir, 'Cargo.toml')) || fs.existsSync(path.join(dir, 'pom.xml')));
    if (ARTIFACTS.has(e.name) || isTarget || (DEPS && DEP_DIRS.has(e.name))) {
      const real = fs.realpathSync(p);
      if (real.startsWith(root + path.sep) && !tracked(real)) found.push(real);
      continue;
    }
    if (DEP_DIRS.has(e.name)) continue;
    walk(p);
  }
}
walk(root);

let total = 0;
for (const p of found) {
  const s = size(p);
  total += s;
  console.log(`${(s / 1048576).toFixed(1).padStart(8)} MB  ${path.relative(root, p)}`);
  if (DEL) fs.rmSync(p, { recursive: true, force: true });
}
console.log(`${DEL ? 'deleted' : 'would delete'} ${found.length} dir(s), ${(total / 1048576).toFixed(1)} MB${DEL ? '' : ' (dry run; pass --delete)'}`);
