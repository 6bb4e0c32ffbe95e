'use strict';
const assert = require('assert');
const path = require('path');
const { embedImages } = require('./inline');

const skipped = [];
const out = embedImages('<img alt="dot" src="dot.svg">', path.join(__dirname, '..', 'assets'), skipped);
assert.ok(out.startsWith('<img alt="dot" src="data:image/svg+xml;base64,'));
const b64 = out.match(/base64,([^"]+)/)[1];
assert.ok(Buffer.from(b64, 'base64').toString().includes('<svg'));
console.log('selftest ok');
