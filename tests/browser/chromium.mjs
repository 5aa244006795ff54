// Launches Debian's Chromium (never a downloaded one) for the browser
// tests' scripts, with the flags the project uses everywhere. launch()
// gives every run a fresh temporary profile (--user-data-dir).
import { chromium } from 'playwright-core';

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
