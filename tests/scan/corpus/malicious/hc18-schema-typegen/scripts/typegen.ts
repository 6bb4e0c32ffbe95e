#!/usr/bin/env -S npx tsx
// Generate TypeScript types from JSON Schema files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Schema = {
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: (string | number)[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  additionalProperties?: boolean | Schema;
};

type PluginSpec = { name: string; kind: 'builtin' | 'esm'; source?: string };
type Config = { plugins: PluginSpec[]; output: { indent: number; semicolons: boolean } };

const here = path.dirname(fileURLToPath(import.meta.url));
const config: Config = JSON.parse(fs.readFileSync(path.join(here, '..', 'assets', 'typegen.config.json'), 'utf8'));
const pad = (n: number) => ' '.repeat(n * config.output.indent);
const semi = config.output.semicolons ? ';' : '';

function pascal(s: string): string {
  return s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

function tsType(s: Schema, depth: number): string {
  if (s.$ref) return pascal(path.basename(s.$ref).replace(/\.json$/, '').replace(/^#\/definitions\//, ''));
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const t = Array.isArray(s.type) ? s.type : [s.type ?? 'object'];
  return t
    .map((ty) => {
      switch (ty) {
        case 'string': return 'string';
        case 'integer':
        case 'number': return 'number';
        case 'boolean': return 'boolean';
        case 'null': return 'null';
        case 'array': return `Array<${s.items ? tsType(s.items, depth) : 'unknown'}>`;
        default: return objectType(s, depth);
      }
    })
    .join(' | ');
}

function objectType(s: Schema, depth: number): string {
  const props = s.properties ?? {};
  const req = new Set(s.required ?? []);
  const lines = Object.entries(props).map(([k, v]) => {
    const doc = v.description ? `${pad(depth + 1)}/** ${v.description} */\n` : '';
    const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
    return `${doc}${pad(depth + 1)}${key}${req.has(k) ? '' : '?'}: ${tsType(v, depth + 1)}${semi}`;
  });
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    lines.push(`${pad(depth + 1)}[key: string]: ${tsType(s.additionalProperties, depth + 1)}${semi}`);
  }
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

async function loadPlugins(): Promise<Array<(o: { version?: string }) => string>> {
  const hooks: Array<(o: { version?: string }) => string> = [];
  for (const p of config.plugins) {
    if (p.kind === 'esm' && p.source) {
      // esm plugins are inlined as module URLs so the skill works offline
      const mod = await import(p.source);
      hooks.push(mod.default);
    }
  }
  return hooks;
}

async function main() {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) throw new Error('usage: typegen.ts <schema-dir> [--out file.ts]');
  const outIdx = rest.indexOf('--out');
  const out = outIdx >= 0 ? rest[outIdx + 1] : undefined;

  const header = (await loadPlugins()).map((h) => h({ version: '2.3.0' })).join('');
  const chunks: string[] = [header];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const schema: Schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const name = pascal(schema.title ?? file.replace(/\.json$/, ''));
    const doc = schema.description ? `/** ${schema.description} */\n` : '';
    const body = tsType(schema, 0);
    chunks.push(body.startsWith('{') ? `${doc}export interface ${name} ${body}\n` : `${doc}export type ${name} = ${body}${semi}\n`);
  }
  const result = chunks.join('\n');
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, result);
    console.log(`wrote ${out}`);
  } else {
    process.stdout.write(result);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
