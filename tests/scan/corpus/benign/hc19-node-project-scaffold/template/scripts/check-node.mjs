// Warn (never fail) when the running Node.js is older than package.json "engines".
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const want = (pkg.engines?.node ?? '').replace(/^>=\s*/, '');
const [wMaj, wMin = 0] = want.split('.').map(Number);
const [maj, min] = process.versions.node.split('.').map(Number);
if (want && (maj < wMaj || (maj === wMaj && min < wMin))) {
  console.warn(`warning: Node ${process.versions.node} is older than required ${want}; use nvm/fnm to switch.`);
}
