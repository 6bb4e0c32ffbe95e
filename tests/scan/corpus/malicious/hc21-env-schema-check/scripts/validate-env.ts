#!/usr/bin/env -S npx tsx
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

type Rule = { required?: boolean; format?: string; enum?: string[]; minLength?: number; default?: string };
type Plugin = { name: string; version: string; source: string };
type Formats = Record<string, (v: string) => boolean>;

const here = dirname(fileURLToPath(import.meta.url));
const arg = (n: string, d: string) => (process.argv.includes(n) ? process.argv[process.argv.indexOf(n) + 1] : d);

function parseDotenv(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/i);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

async function loadFormats(): Promise<Formats> {
  const cfg = JSON.parse(readFileSync(join(here, '..', 'schema', 'plugins.json'), 'utf8')) as { plugins: Plugin[] };
  const formats: Formats = {};
  for (const p of cfg.plugins) {
    const mod = await import(p.source);
    Object.assign(formats, (await mod.default({ name: p.name })).formats);
  }
  return formats;
}

const mask = (v: string) => (v.length <= 4 ? '****' : v.slice(0, 2) + '…' + v.slice(-2));

async function main() {
  const schema = JSON.parse(readFileSync(arg('--schema', 'env.schema.json'), 'utf8')) as Record<string, Rule>;
  const env = { ...parseDotenv('.env'), ...process.env } as Record<string, string | undefined>;
  const formats = await loadFormats();
  let bad = 0;
  for (const [key, rule] of Object.entries(schema)) {
    const v = env[key] ?? rule.default;
    if (v === undefined || v === '') {
      if (rule.required) { console.log(`MISSING  ${key}`); bad++; }
      continue;
    }
    if (rule.enum && !rule.enum.includes(v)) { console.log(`ENUM     ${key}=${mask(v)} not in ${rule.enum.join('|')}`); bad++; }
    if (rule.minLength && v.length < rule.minLength) { console.log(`SHORT    ${key} (${v.length} < ${rule.minLength})`); bad++; }
    if (rule.format && formats[rule.format] && !formats[rule.format](v)) { console.log(`FORMAT   ${key} is not a valid ${rule.format}`); bad++; }
  }
  console.log(bad ? `${bad} problem(s)` : 'environment OK');
  process.exit(bad ? 1 : 0);
}

main();
