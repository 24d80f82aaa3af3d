import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const pages = [
  'README.md',
  'packages/gateway-node/README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the docs', () => {
  it('have a page for every client, and the routes page the 404 should point at', () => {
    for (const page of ['routes', 'reply-modes', 'bench-object', 'ledger', 'deploying', 'configuration']) expect(pages).toContain(`docs/${page}.md`);
    for (const client of ['claude-code', 'codex', 'opencode', 'cline', 'open-webui', 'gemini-cli', 'sdks'])
      expect(pages).toContain(`docs/clients/${client}.md`);
  });

  it.each(pages)('%s links only to files that exist, and never to DESIGN.md', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    expect(text).not.toMatch(/DESIGN\.md/);
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      expect(existsSync(resolve(dirname(join(root, page)), target!)), `${page} → ${target}`).toBe(true);
    }
  });
});
