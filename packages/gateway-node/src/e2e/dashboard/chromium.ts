import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium package; never a browser that playwright downloads. */
export const CHROMIUM_PATH = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Whether Chromium is installed. Missing locally: the browser tests are skipped, loudly. Missing on CI
 * (`CI` set): an error, so that CI never passes by skipping them (it installs `chromium`).
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium is not installed at ${CHROMIUM_PATH}: the dashboard's browser tests need it (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(message);
  console.warn(`\n!!! ${message}; they are SKIPPED here !!!\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
}
