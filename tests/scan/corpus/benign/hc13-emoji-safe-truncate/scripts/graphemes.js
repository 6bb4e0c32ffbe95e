'use strict';
// Grapheme-cluster aware string helpers.
const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function graphemes(str) {
  return Array.from(seg.segment(str), (s) => s.segment);
}

function graphemeLength(str) {
  let n = 0;
  for (const _ of seg.segment(str)) n++;
  return n;
}

function truncate(str, max, ellipsis = '') {
  const g = graphemes(str);
  if (g.length <= max) return str;
  return g.slice(0, max).join('').replace(/\s+$/u, '') + ellipsis;
}

module.exports = { graphemes, graphemeLength, truncate };
