'use strict';
// Round-trip check: the base64 below is assets/icons/check.svg.
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const EXPECTED = 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PHBhdGggZD0iTTYgMTEuMiAyLjggOGwtMSAxTDYgMTMuMmw4LTgtMS0xeiIgZmlsbD0iY3VycmVudENvbG9yIi8+PC9zdmc+Cg==';
const svg = fs.readFileSync(path.join(__dirname, '..', 'assets', 'icons', 'check.svg'));
assert.strictEqual(svg.toString('base64'), EXPECTED);
assert.ok(Buffer.from(EXPECTED, 'base64').toString('utf8').startsWith('<svg'));
console.log('selftest ok');
