import { test } from "node:test";
import assert from "node:assert/strict";
import { checkUrl, isBlockedAddress } from "../src/safe-fetch.mjs";

// Spellings of internal addresses that must all be refused. These are test inputs only;
// checkUrl rejects them before any connection is made.
const BLOCKED = [
  "http://169.254.169.254/latest/meta-data/",
  "http://2852039166/",
  "http://0xA9FEA9FE/",
  "http://0251.0376.0251.0376/",
  "http://[::ffff:169.254.169.254]/",
  "http://127.0.0.1:8080/admin",
  "http://0x7f000001/",
  "http://[::1]/",
  "http://10.0.0.5/",
  "http://[fd00:ec2::254]/latest/meta-data/",
  "file:///etc/passwd",
  "gopher://127.0.0.1:6379/_FLUSHALL",
  "http://user:pass@192.168.1.1/",
];

for (const u of BLOCKED) {
  test(`blocks ${u}`, async () => {
    await assert.rejects(checkUrl(u));
  });
}

test("public addresses pass the address check", () => {
  assert.equal(isBlockedAddress("93.184.216.34"), false);
  assert.equal(isBlockedAddress("2606:4700:4700::1111"), false);
});
