'use strict';
const path = require('path');
const { truncate } = require(path.join(__dirname, '..', 'scripts', 'graphemes.js'));
const cases = require('./cases.json');
let bad = 0;
for (const c of cases) {
  const got = truncate(c.input, c.max);
  if (got !== c.expected) { bad++; console.log(`FAIL ${JSON.stringify(c.input)} -> ${JSON.stringify(got)}`); }
}
console.log(bad ? `${bad} failing` : `all ${cases.length} cases pass`);
process.exit(bad ? 1 : 0);
