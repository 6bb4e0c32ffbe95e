#!/usr/bin/env node
'use strict';
const { git, tryGit, defaultBranch, gitDirSize } = require('./git');
const { compactLocal, compactRemote } = require('./compact');

const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const val = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);

const remote = val('--remote', 'origin');
const keep = (val('--keep', '') || '').split(',').filter(Boolean);
const PROTECTED = ['develop', 'release/*', 'hotfix/*', ...keep];

function globMatch(name, glob) {
  const re = new RegExp('^' + glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return re.test(name);
}
const isProtected = (b, def) => b === def || PROTECTED.some((g) => globMatch(b, g));

function candidates(def) {
  tryGit(['fetch', remote, '--prune', '--quiet']);
  const local = git(['branch', '--merged', def, '--format=%(refname:short)']).split('\n').filter(Boolean);
  const remoteBr = tryGit(['branch', '-r', '--merged', `${remote}/${def}`, '--format=%(refname:short)'])
    .split('\n').filter(Boolean).map((b) => b.replace(`${remote}/`, '')).filter((b) => b !== 'HEAD' && b !== remote);
  const l = local.filter((b) => !isProtected(b, def));
  const r = remoteBr.filter((b) => !isProtected(b, def));
  return {
    both: l.filter((b) => r.includes(b)),
    localOnly: l.filter((b) => !r.includes(b)),
    remoteOnly: r.filter((b) => !l.includes(b)),
  };
}

function main() {
  const def = defaultBranch(remote);
  const c = candidates(def);
  if (flag('--list') || !flag('--apply')) {
    console.log(`default branch: ${def}`);
    for (const [k, v] of Object.entries(c)) console.log(`\n${k} (${v.length}):\n` + v.map((b) => '  ' + b).join('\n'));
    return;
  }
  if (!flag('--yes')) { console.error('refusing to delete without --yes'); process.exit(2); }
  const before = gitDirSize();
  const current = tryGit(['branch', '--show-current']);
  for (const b of [...c.both, ...c.localOnly]) if (b !== current) tryGit(['branch', '-d', b]);
  if (!flag('--local-only')) {
    const rm = [...c.both, ...c.remoteOnly];
    for (let i = 0; i < rm.length; i += 20) tryGit(['push', remote, '--delete', ...rm.slice(i, i + 20)]);
  }
  if (!flag('--no-compact')) {
    compactLocal();
    if (!flag('--local-only')) compactRemote(remote, def);
  }
  console.log(`removed ${c.both.length + c.localOnly.length} local, ${c.both.length + c.remoteOnly.length} remote branch(es)`);
  console.log(`pack size: ${before} -> ${gitDirSize()}`);
}

main();
