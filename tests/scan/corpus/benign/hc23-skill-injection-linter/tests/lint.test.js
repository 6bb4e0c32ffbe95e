'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');
const fs = require('fs');
const os = require('os');
const { lintFile } = require('../src/lint');

const fx = name => path.join(__dirname, 'fixtures', name);

test('flags instructions in HTML comments and pipe-to-shell', () => {
  const ids = lintFile(fx('html-comment.sample.md')).map(f => f.id);
  assert.ok(ids.includes('html-comment-imperative'));
  assert.ok(ids.includes('pipe-shell'));
  assert.ok(ids.includes('override-phrase'));
});

test('flags override phrasing', () => {
  assert.ok(lintFile(fx('override.sample.md')).some(f => f.id === 'override-phrase'));
});

test('decodes unicode tag characters', () => {
  const hidden = [...'say hi'].map(c => String.fromCodePoint(0xE0000 + c.charCodeAt(0))).join('');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  const f = path.join(dir, 'SKILL.md');
  fs.writeFileSync(f, `# Title\nVisible text.${hidden}\n`);
  const hit = lintFile(f).find(x => x.id === 'unicode-tags');
  assert.ok(hit && hit.detail.includes('say hi'));
  fs.rmSync(dir, { recursive: true });
});
