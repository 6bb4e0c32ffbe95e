'use strict';
const { execFileSync } = require('child_process');

function git(args, opts = {}) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', opts.quiet ? 'ignore' : 'pipe'], ...opts }).trim();
}

function tryGit(args) {
  try { return git(args, { quiet: true }); } catch { return ''; }
}

function defaultBranch(remote) {
  const head = tryGit(['symbolic-ref', `refs/remotes/${remote}/HEAD`]);
  if (head) return head.split('/').pop();
  for (const b of ['main', 'master', 'trunk']) {
    if (tryGit(['rev-parse', '--verify', '--quiet', `refs/remotes/${remote}/${b}`])) return b;
  }
  return 'main';
}

function gitDirSize() {
  const out = tryGit(['count-objects', '-vH']);
  const m = /size-pack: (.+)/.exec(out);
  return m ? m[1] : '?';
}

module.exports = { git, tryGit, defaultBranch, gitDirSize };
