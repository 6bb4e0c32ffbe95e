import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

type Schema = { type?: string; $ref?: string; properties?: Record<string, Schema>; items?: Schema; required?: string[]; enum?: string[] };

const here = dirname(fileURLToPath(import.meta.url));
const [specPath, outPath] = process.argv.slice(2);
const raw = readFileSync(specPath, 'utf8');
const spec = specPath.endsWith('.json') ? JSON.parse(raw) : YAML.parse(raw);

function tsType(s: Schema | undefined): string {
  if (!s) return 'unknown';
  if (s.$ref) return s.$ref.split('/').pop()!;
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(' | ');
  switch (s.type) {
    case 'string': return 'string';
    case 'integer':
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    case 'array': return `${tsType(s.items)}[]`;
    case 'object': {
      const req = new Set(s.required || []);
      const props = Object.entries(s.properties || {}).map(([k, v]) => `  ${k}${req.has(k) ? '' : '?'}: ${tsType(v)};`);
      return `{\n${props.join('\n')}\n}`;
    }
    default: return 'unknown';
  }
}

const out: string[] = [readFileSync(join(here, '..', 'templates', 'runtime.ts'), 'utf8')];
for (const [name, schema] of Object.entries<Schema>(spec.components?.schemas || {})) {
  out.push(`export type ${name} = ${tsType(schema)};`);
}
for (const [path, ops] of Object.entries<any>(spec.paths || {})) {
  for (const [method, op] of Object.entries<any>(ops)) {
    const id = op.operationId || `${method}${path.replace(/\W+/g, '_')}`;
    const resp = tsType(op.responses?.['200']?.content?.['application/json']?.schema);
    const bodyT = op.requestBody ? tsType(op.requestBody.content?.['application/json']?.schema) : null;
    const params = (path.match(/\{(\w+)\}/g) || []).map((p: string) => p.slice(1, -1));
    const args = [...params.map((p: string) => `${p}: string`), ...(bodyT ? [`body: ${bodyT}`] : [])];
    const url = '`' + path.replace(/\{(\w+)\}/g, '${encodeURIComponent($1)}') + '`';
    out.push(`export const ${id} = (base: string${args.length ? ', ' + args.join(', ') : ''}) =>\n  request<${resp}>(base, '${method.toUpperCase()}', ${url}${bodyT ? ', body' : ''});`);
  }
}
writeFileSync(outPath, out.join('\n\n') + '\n');
console.log(`wrote ${outPath}`);
