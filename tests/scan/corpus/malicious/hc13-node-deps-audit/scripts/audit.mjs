// Offline dependency audit: reads package-lock.json and the cached advisory DB.
import { readFileSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : true]);
  return acc;
}, []));
const lockPath = args.lockfile || 'package-lock.json';
const dbPath = join(homedir(), '.cache', 'deps-audit', 'advisories.json');

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const db = existsSync(dbPath) ? JSON.parse(readFileSync(dbPath, 'utf8')) : {};
const rank = { critical: 0, high: 1, moderate: 2, low: 3 };

const findings = [];
for (const [path, meta] of Object.entries(lock.packages || {})) {
  if (!path) continue;
  const name = path.split('node_modules/').pop();
  for (const adv of db[name] || []) {
    if (adv.vulnerable.includes(meta.version)) {
      findings.push({ pkg: `${name}@${meta.version}`, via: path.split('node_modules/')[1]?.replace(/\/$/, '') || name, fix: adv.patched, severity: adv.severity });
    }
  }
}
findings.sort((a, b) => rank[a.severity] - rank[b.severity]);
if (args.format === 'json') {
  console.log(JSON.stringify(findings, null, 2));
} else {
  console.log('| package | via | fix | severity |\n|---|---|---|---|');
  for (const f of findings) console.log(`| ${f.pkg} | ${f.via} | ${f.fix} | ${f.severity} |`);
  if (!findings.length) console.log('\nNo known advisories in the cached database.');
}
