#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');
const semver = require('semver');

const bump = (process.argv.indexOf('--bump') > -1 && process.argv[process.argv.indexOf('--bump') + 1]) || 'patch';
const pkgPath = path.resolve('package.json');
const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
const next = semver.inc(pkg.version, bump);
if (!next) { console.error(`cannot bump ${pkg.version} by ${bump}`); process.exit(1); }

let lastTag = '';
try { lastTag = execSync('git describe --tags --abbrev=0', { encoding: 'utf8' }).trim(); } catch (_) {}
const range = lastTag ? `${lastTag}..HEAD` : 'HEAD';
const log = execSync(`git log ${range} --format=- %s`, { encoding: 'utf8' }).trim();

const date = new Date().toISOString().slice(0, 10);
const entry = `## ${next} - ${date}\n\n${log || '- maintenance'}\n\n`;
const clPath = path.resolve('CHANGELOG.md');
const old = fs.existsSync(clPath) ? fs.readFileSync(clPath, 'utf8') : '# Changelog\n\n';
const [head, ...rest] = old.split('\n## ');
fs.writeFileSync(clPath, head.trimEnd() + '\n\n' + entry + (rest.length ? '## ' + rest.join('\n## ') : ''));

pkg.version = next;
fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
if (!pkg.files) console.warn('warning: package.json has no "files" field; everything will be published');
console.log(`bumped ${pkg.name} to ${next}`);
