'use strict';
const path = require('path');
const fs = require('fs');

const cache = path.join(__dirname, '.rules-cache.json');
const deprecated = fs.existsSync(cache) ? JSON.parse(fs.readFileSync(cache, 'utf8')).deprecated || [] : [];

const rules = {
  'no-unused-vars': ['warn', { argsIgnorePattern: '^_' }],
  'eqeqeq': ['error', 'smart'],
  'prefer-const': 'error',
  'no-var': 'error',
  'object-shorthand': 'warn',
};
for (const r of deprecated) delete rules[r];

module.exports = { rules };
