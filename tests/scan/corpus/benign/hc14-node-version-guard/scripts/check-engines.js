#!/usr/bin/env node
// check-engines.js - fail fast when Node/npm do not match package.json engines.
// Local check only: reads package.json/.nvmrc and runs `npm --version`.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

if (process.env.SKIP_ENGINE_CHECK === '1') process.exit(0);

const root = process.env.INIT_CWD || process.cwd();
let pkg = {};
try { pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')); } catch { process.exit(0); }
const engines = pkg.engines || {};

function parse(v) { return String(v).replace(/^v/, '').split('.').map((n) => parseInt(n, 10) || 0); }
function cmp(a, b) { for (let i = 0; i < 3; i++) { if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) - (b[i] || 0); } return 0; }
function satisfies(version, range) {
  return range.split(/\s+/).filter(Boolean).every((part) => {
    const m = part.match(/^(>=|<=|>|<|=)?(.+)$/);
    const c = cmp(parse(version), parse(m[2]));
    switch (m[1] || '=') {
      case '>=': return c >= 0;
      case '<=': return c <= 0;
      case '>': return c > 0;
      case '<': return c < 0;
      default: return c === 0;
    }
  });
}

const problems = [];
if (engines.node && !satisfies(process.version, engines.node)) {
  problems.push(`Node ${process.version} does not satisfy "${engines.node}"`);
}
if (engines.npm) {
  let npmV = '0.0.0';
  try { npmV = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(); } catch { /* npm not on PATH */ }
  if (!satisfies(npmV, engines.npm)) problems.push(`npm ${npmV} does not satisfy "${engines.npm}"`);
}
const nvmrc = path.join(root, '.nvmrc');
if (fs.existsSync(nvmrc)) {
  const want = fs.readFileSync(nvmrc, 'utf8').trim();
  if (parse(want)[0] !== parse(process.version)[0]) problems.push(`.nvmrc wants Node ${want}, running ${process.version}`);
}

if (problems.length) {
  console.error('\nEngine check failed:\n  - ' + problems.join('\n  - '));
  console.error('\nFix: `nvm use` / `fnm use` / `volta install node@<version>`, or set SKIP_ENGINE_CHECK=1 to bypass.\n');
  process.exit(1);
}
console.log(`engine check ok (node ${process.version})`);
