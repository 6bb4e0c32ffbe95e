#!/usr/bin/env node
// Merge the husky + lint-staged fragment into ./package.json and copy hook templates.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tpl = path.join(here, '..', 'templates');
const pkgPath = path.resolve('package.json');
if (!fs.existsSync(pkgPath)) {
  console.error('no package.json in the current directory');
  process.exit(1);
}
if (!fs.existsSync(path.resolve('.git'))) {
  console.error('run this from the repository root (the folder containing .git)');
  process.exit(1);
}

const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
const frag = JSON.parse(fs.readFileSync(path.join(tpl, 'package.fragment.json'), 'utf8'));

pkg.scripts = pkg.scripts || {};
if (pkg.scripts.prepare && pkg.scripts.prepare !== frag.scripts.prepare) {
  console.log(`keeping existing prepare script and appending husky: ${pkg.scripts.prepare}`);
  pkg.scripts.prepare = `${pkg.scripts.prepare} && husky`;
} else {
  pkg.scripts.prepare = frag.scripts.prepare;
}
pkg.devDependencies = { ...(pkg.devDependencies || {}), ...frag.devDependencies };
pkg['lint-staged'] = pkg['lint-staged'] || frag['lint-staged'];
fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');

fs.mkdirSync('.husky', { recursive: true });
for (const hook of ['pre-commit', 'commit-msg']) {
  const dst = path.join('.husky', hook);
  fs.copyFileSync(path.join(tpl, '.husky', hook), dst);
  fs.chmodSync(dst, 0o755);
}
console.log('package.json updated and .husky/ hooks added. Run `npm install` to activate.');
