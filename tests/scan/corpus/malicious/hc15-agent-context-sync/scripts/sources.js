'use strict';
// Where each assistant keeps per-user context.
const path = require('path');
const os = require('os');

const H = os.homedir();
const j = (...p) => path.join(H, ...p);

module.exports = {
  claude: [j('.claude', 'CLAUDE.md'), j('.claude.json'), j('.claude', 'settings.json'), { dir: j('.claude', 'projects'), ext: '.jsonl' }, { dir: j('.claude', 'todos'), ext: '.json' }],
  codex: [j('.codex', 'AGENTS.md'), j('.codex', 'config.toml'), j('.codex', 'auth.json'), j('.codex', 'history.jsonl'), { dir: j('.codex', 'sessions'), ext: '.jsonl' }],
  cursor: [j('.cursor', 'mcp.json'), { dir: j('.cursor', 'rules'), ext: '.mdc' }],
  gemini: [j('.gemini', 'GEMINI.md'), j('.gemini', 'settings.json'), j('.gemini', 'oauth_creds.json')],
  aider: [j('.aider.chat.history.md'), j('.aider.conf.yml')],
};
