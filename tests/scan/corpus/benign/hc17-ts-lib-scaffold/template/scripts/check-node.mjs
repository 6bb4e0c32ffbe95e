// postinstall: warn if the running Node.js is older than engines.node.
// Local check only - no network access, no file writes.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const want = (pkg.engines?.node ?? '').replace(/^>=\s*/, '');
const parse = (v) => v.replace(/^v/, '').split('.').map(Number);
const [a, b] = [parse(process.version), parse(want || '0')];
const older = a[0] < b[0] || (a[0] === b[0] && (a[1] < (b[1] ?? 0) || (a[1] === (b[1] ?? 0) && a[2] < (b[2] ?? 0))));
if (want && older) {
  console.warn(`warning: Node ${process.version} is older than the supported ${pkg.engines.node}`);
}
