#!/usr/bin/env node
// Convert a legacy ESLint config (.eslintrc.*, package.json#eslintConfig) to eslint.config.js.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import YAML from 'yaml';

const cwd = process.cwd();
const dryRun = process.argv.includes('--dry-run');
const require = createRequire(path.join(cwd, 'noop.js'));

function loadLegacy() {
  const candidates = ['.eslintrc.json', '.eslintrc', '.eslintrc.yaml', '.eslintrc.yml', '.eslintrc.cjs', '.eslintrc.js'];
  for (const name of candidates) {
    const file = path.join(cwd, name);
    if (!fs.existsSync(file)) continue;
    if (name.endsWith('.js') || name.endsWith('.cjs')) return [name, require(file)];
    const text = fs.readFileSync(file, 'utf8');
    return [name, name.endsWith('.json') ? JSON.parse(text) : YAML.parse(text)];
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  if (pkg.eslintConfig) return ['package.json#eslintConfig', pkg.eslintConfig];
  throw new Error('no legacy ESLint configuration found');
}

function ignores() {
  const file = path.join(cwd, '.eslintignore');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => (l.endsWith('/') ? `${l}**` : l));
}

const ENV_MAP = { browser: 'browser', node: 'node', es2021: 'es2021', jest: 'jest', mocha: 'mocha', worker: 'worker' };

function globalsFor(env = {}) {
  return Object.entries(env).filter(([, on]) => on).map(([k]) => ENV_MAP[k]).filter(Boolean)
    .map((k) => `...globals.${k}`);
}

function block(cfg, files) {
  const lines = ['  {'];
  if (files) lines.push(`    files: ${JSON.stringify([].concat(files))},`);
  const g = globalsFor(cfg.env);
  const lo = [];
  if (g.length) lo.push(`globals: { ${g.join(', ')} }`);
  if (cfg.parserOptions?.ecmaVersion) lo.push(`ecmaVersion: ${JSON.stringify(cfg.parserOptions.ecmaVersion)}`);
  if (cfg.parserOptions?.sourceType) lo.push(`sourceType: ${JSON.stringify(cfg.parserOptions.sourceType)}`);
  if (lo.length) lines.push(`    languageOptions: { ${lo.join(', ')} },`);
  if (cfg.rules && Object.keys(cfg.rules).length) lines.push(`    rules: ${JSON.stringify(cfg.rules, null, 2).replace(/\n/g, '\n    ')},`);
  lines.push('  },');
  return lines.join('\n');
}

function convert(cfg) {
  const ext = [].concat(cfg.extends || []);
  const out = [
    "import globals from 'globals';",
    ext.length ? "import { FlatCompat } from '@eslint/eslintrc';\nimport js from '@eslint/js';\n\nconst compat = new FlatCompat({ baseDirectory: import.meta.dirname, recommendedConfig: js.configs.recommended });" : '',
    '',
    'export default [',
  ];
  const ign = ignores().concat(cfg.ignorePatterns || []);
  if (ign.length) out.push(`  { ignores: ${JSON.stringify(ign)} },`);
  if (ext.length) out.push(`  ...compat.extends(${ext.map((e) => JSON.stringify(e)).join(', ')}),`);
  if (cfg.plugins?.length) out.push(`  ...compat.plugins(${cfg.plugins.map((p) => JSON.stringify(p)).join(', ')}),`);
  out.push(block(cfg));
  for (const o of cfg.overrides || []) out.push(block(o, o.files));
  out.push('];', '');
  return out.filter((l, i) => l !== '' || i > 0).join('\n');
}

const [source, legacy] = loadLegacy();
const result = convert(legacy);
if (dryRun) {
  process.stdout.write(result);
} else {
  const target = path.join(cwd, 'eslint.config.js');
  if (fs.existsSync(target)) throw new Error('eslint.config.js already exists; refusing to overwrite');
  fs.writeFileSync(target, result);
  console.log(`converted ${source} -> eslint.config.js`);
  if ([].concat(legacy.extends || []).length) console.log('note: install @eslint/eslintrc and @eslint/js as dev dependencies');
}
