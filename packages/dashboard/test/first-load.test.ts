import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Checks the build that gateway-node serves (pnpm build makes it; turbo builds it before this test).
const dist = join(import.meta.dirname, '..', 'dist');
const BUDGET_BYTES = 300 * 1024;

function indexHtml(): string {
  const file = join(dist, 'index.html');
  if (!existsSync(file)) throw new Error(`no ${file}: build the dashboard first (pnpm --filter @bench/dashboard build)`);
  return readFileSync(file, 'utf8');
}

/** What index.html makes the browser load: its scripts, stylesheets and module preloads. */
function firstLoadFiles(html: string): string[] {
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  return urls.filter((url) => url.startsWith('/bench/ui/')).map((url) => join(dist, url.slice('/bench/ui/'.length)));
}

describe('the dashboard build', () => {
  it('loads under 300 KB compressed on first load (gzip of index.html and everything it loads)', () => {
    const html = indexHtml();
    const files = firstLoadFiles(html);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    const sizes = files.map((file) => ({ file: file.slice(dist.length + 1), gzip: gzipSync(readFileSync(file), { level: 9 }).length }));
    const total = gzipSync(html, { level: 9 }).length + sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`dashboard first load: ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ')})`);
    expect(total).toBeLessThan(BUDGET_BYTES);
  });

  it('has no inline script or style element, and loads nothing from another origin', () => {
    const html = indexHtml();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    for (const css of firstLoadFiles(html).filter((f) => f.endsWith('.css'))) {
      const text = readFileSync(css, 'utf8');
      expect(text).not.toMatch(/url\(\s*['"]?(?:https?:)?\/\//);
      expect(text).not.toMatch(/@import/);
    }
  });

  it('hashes every asset name, so the gateway can cache them for a year', () => {
    const code = firstLoadFiles(indexHtml()).filter((file) => /\.(js|css)$/.test(file));
    expect(code.length).toBeGreaterThan(0);
    for (const file of code) expect(file).toMatch(/\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css)$/);
  });
});
