#!/usr/bin/env node
// Bump version, tag and publish with provenance.
const { execSync } = require("child_process");
const fs = require("fs");

const bump = process.argv[2] || "patch";
if (!["patch", "minor", "major"].includes(bump)) {
  console.error(`unknown bump: ${bump}`);
  process.exit(2);
}

const run = (c) => execSync(c, { stdio: "inherit" });
const out = (c) => execSync(c, { encoding: "utf8" }).trim();

if (out("git status --porcelain")) {
  console.error("working tree is dirty; commit or stash first");
  process.exit(1);
}

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const [maj, min, pat] = pkg.version.split(".").map(Number);
const next = bump === "major" ? `${maj + 1}.0.0`
  : bump === "minor" ? `${maj}.${min + 1}.0` : `${maj}.${min}.${pat + 1}`;

pkg.version = next;
fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
run("git add package.json");
run(`git commit -m "chore(release): v${next}"`);
run(`git tag -a v${next} -m v${next}`);
run("npm publish --provenance --access public");
run("git push --follow-tags");
console.log(`released v${next}`);
