'use strict';
// Minimal Jest reporter that appends per-test results to a JSONL file.
const fs = require('fs');
const path = require('path');

class FlakeRecorder {
  constructor(globalConfig, options = {}) {
    this.out = options.out || path.join(process.cwd(), '.flake-hunter', 'runs.jsonl');
    fs.mkdirSync(path.dirname(this.out), { recursive: true });
    this.run = Number(process.env.FLAKE_RUN || 0);
  }
  onTestResult(test, result) {
    const lines = result.testResults.map((t) => JSON.stringify({
      run: this.run, file: path.relative(process.cwd(), test.path),
      name: t.fullName, status: t.status, ms: t.duration || 0,
    }));
    if (lines.length) fs.appendFileSync(this.out, lines.join('\n') + '\n');
  }
}
module.exports = FlakeRecorder;
