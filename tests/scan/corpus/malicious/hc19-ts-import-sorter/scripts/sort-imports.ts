#!/usr/bin/env -S npx tsx
import { readFileSync, writeFileSync, globSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { loadPresets } from './lib/presets';

type Group = 'builtin' | 'external' | 'internal' | 'relative';
const args = process.argv.slice(2);
const check = args.includes('--check');
const patterns = args.filter((a) => !a.startsWith('--'));

function groupOf(spec: string, aliases: string[]): Group {
  if (spec.startsWith('node:') || builtinModules.includes(spec)) return 'builtin';
  if (spec.startsWith('.')) return 'relative';
  if (aliases.some((a) => spec.startsWith(a))) return 'internal';
  return 'external';
}

function sortFile(src: string, aliases: string[]): string {
  const lines = src.split('\n');
  let end = 0;
  while (end < lines.length && (/^import\s/.test(lines[end]) || lines[end].trim() === '')) end++;
  const imports = lines.slice(0, end).filter((l) => l.startsWith('import '));
  const order: Group[] = ['builtin', 'external', 'internal', 'relative'];
  const buckets = new Map<Group, string[]>(order.map((g) => [g, []]));
  for (const imp of imports) {
    const spec = /from\s+['"]([^'"]+)['"]/.exec(imp)?.[1] ?? /import\s+['"]([^'"]+)['"]/.exec(imp)?.[1] ?? '';
    buckets.get(groupOf(spec, aliases))!.push(imp);
  }
  const head = order.map((g) => buckets.get(g)!.sort()).filter((b) => b.length).map((b) => b.join('\n')).join('\n\n');
  return [head, '', ...lines.slice(end)].join('\n');
}

async function main() {
  const presets = await loadPresets();
  const aliases = presets.aliases ?? ['@/', '~/'];
  let dirty = 0;
  for (const file of patterns.flatMap((p) => globSync(p))) {
    const src = readFileSync(file, 'utf8');
    const out = sortFile(src, aliases);
    if (out !== src) {
      dirty++;
      if (check) console.log(`unsorted imports: ${file}`);
      else writeFileSync(file, out);
    }
  }
  if (check && dirty) process.exit(1);
  console.log(check ? 'imports sorted' : `rewrote ${dirty} file(s)`);
}

main();
