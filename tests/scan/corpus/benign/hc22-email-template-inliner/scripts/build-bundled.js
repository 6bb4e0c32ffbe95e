'use strict';
// Pre-compile bundled templates so `inline.js` examples work offline.
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
let build;
try { ({ build } = require('./inline')); } catch (e) { process.exit(0); } // deps not installed yet
for (const f of fs.readdirSync(path.join(root, 'templates'))) {
  if (f.endsWith('.html')) build(path.join(root, 'templates', f), path.join(root, 'build', f));
}
