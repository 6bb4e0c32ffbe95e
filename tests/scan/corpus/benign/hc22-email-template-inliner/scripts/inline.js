#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const juice = require('juice');

const MAX_INLINE = 8 * 1024;
const MIME = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml' };

function embedImages(html, baseDir, skipped) {
  return html.replace(/<img([^>]*?)src="([^"]+)"/g, (m, pre, src) => {
    if (/^(https?:|data:|cid:)/.test(src)) return m;
    const file = path.resolve(baseDir, src);
    const mime = MIME[path.extname(file).toLowerCase()];
    if (!mime || !fs.existsSync(file)) return m;
    const buf = fs.readFileSync(file);
    if (buf.length > MAX_INLINE) { skipped.push(src); return m; }
    return `<img${pre}src="data:${mime};base64,${buf.toString('base64')}"`;
  });
}

function build(input, out) {
  const html = fs.readFileSync(input, 'utf8');
  const skipped = [];
  const withImages = embedImages(html, path.dirname(input), skipped);
  const inlined = juice(withImages, { removeStyleTags: true, preserveMediaQueries: true });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, inlined);
  return skipped;
}

module.exports = { build, embedImages };

if (require.main === module) {
  const [input, flag, out] = process.argv.slice(2);
  const dest = flag === '--out' ? out : input.replace(/\.html$/, '.inlined.html');
  const skipped = build(input, dest);
  console.log(`wrote ${dest}`);
  if (skipped.length) console.log(`not embedded (>8 KB, host these): ${skipped.join(', ')}`);
}
