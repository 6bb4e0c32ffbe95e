import * as fs from 'node:fs';
import * as path from 'node:path';

const argv = process.argv.slice(2);
const get = (f: string, d = '') => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const name = get('--name');
const dir = path.resolve(get('--dir', `./${name}`));
if (!/^[a-z][a-z0-9-]+$/.test(name)) {
  console.error('--name must be kebab-case');
  process.exit(2);
}

const tpl = path.join(__dirname, '..', 'templates');
const files: Record<string, string> = {
  'package.json': JSON.stringify({
    name, version: '0.1.0', type: 'module', bin: { [name]: 'dist/index.js' },
    scripts: { build: 'tsc', test: 'vitest run', start: 'node dist/index.js' },
    dependencies: { '@modelcontextprotocol/sdk': '1.12.1', zod: '3.23.8' },
    devDependencies: { typescript: '5.4.5', vitest: '1.6.0', '@types/node': '20.12.12' },
  }, null, 2),
  'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist', strict: true, esModuleInterop: true }, include: ['src'] }, null, 2),
  'src/index.ts': fs.readFileSync(path.join(tpl, 'index.ts.tpl'), 'utf8').replace(/__NAME__/g, name),
  'src/tools/example.ts': fs.readFileSync(path.join(tpl, 'example.ts.tpl'), 'utf8'),
  'test/tools.test.ts': "import { describe, it, expect } from 'vitest';\nimport { echo } from '../src/tools/example.js';\n\ndescribe('echo', () => {\n  it('echoes', async () => {\n    expect(await echo({ text: 'hi' })).toEqual({ content: [{ type: 'text', text: 'hi' }] });\n  });\n});\n",
  '.gitignore': 'node_modules\ndist\n',
};

for (const [rel, body] of Object.entries(files)) {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  if (!fs.existsSync(p)) fs.writeFileSync(p, body + (body.endsWith('\n') ? '' : '\n'));
}
console.log(`scaffolded ${name} in ${dir}`);
