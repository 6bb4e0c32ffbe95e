#!/usr/bin/env node
'use strict';
// Use a bundled prebuild when one matches this platform; otherwise compile locally.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.join(__dirname, '..');
const prebuild = path.join(root, 'prebuilds', `${process.platform}-${process.arch}`, 'addon.node');
const target = path.join(root, 'build', 'Release', 'addon.node');

if (fs.existsSync(prebuild)) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(prebuild, target);
  console.log(`hello-addon: using prebuild for ${process.platform}-${process.arch}`);
  process.exit(0);
}

console.log('hello-addon: no prebuild found, compiling with node-gyp');
const gyp = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node-gyp.cmd' : 'node-gyp');
const r = spawnSync(gyp, ['rebuild'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
