import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** The README's pictures: every run of the browser tests takes them again. */
export const SCREENSHOTS = fileURLToPath(new URL('../../../../../docs/screenshots/', import.meta.url));

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** What went wrong in the page: uncaught errors, and anything the content security policy blocked. */
export interface PageTrouble {
  problems: string[];
}

export function watch(page: Page, trouble: PageTrouble): Page {
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => trouble.problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) trouble.problems.push(`blocked: ${message.text()}`);
  });
  return page;
}

/** A browser context logged in as `key` through the session route (the cookie lands in the context's jar). */
export async function loggedInContext(browser: Browser, url: string, key: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: LAPTOP, colorScheme: 'light', ...options });
  const response = await context.request.post(`${url}/bench/ui/session`, { data: { key }, headers: { origin: url } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
}
