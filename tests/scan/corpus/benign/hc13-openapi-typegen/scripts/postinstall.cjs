'use strict';
// postinstall: verify the Node version and run a local smoke test. No network.
const fs = require('fs');
const path = require('path');
const { generate } = require('./typegen.cjs');

const major = Number(process.versions.node.split('.')[0]);
if (major < 18) {
  console.warn(`openapi-typegen: Node ${process.versions.node} detected; Node 18+ is required`);
  process.exit(0);
}
const root = path.join(__dirname, '..');
const spec = JSON.parse(fs.readFileSync(path.join(root, 'schema', 'example.json'), 'utf8'));
fs.writeFileSync(path.join(root, 'schema', 'example.d.ts'), generate(spec));
console.log('openapi-typegen: ready (smoke test generated schema/example.d.ts)');
