import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic-codec';

/** Copies of the Anthropic requests in the project's client captures (Claude Code 2.1.197, opencode 1.18.33). */
const CLIENTS = new URL('./__fixtures__/clients/', import.meta.url);

interface Capture {
  client: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** The captures shorten long lists to a `"<12 more items>"` string: that placeholder is the capture's, not the client's. */
function withoutPlaceholders(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !(typeof item === 'string' && /^<\d+ more items>$/.test(item))).map(withoutPlaceholders);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutPlaceholders(inner)]));
  return value;
}

const captures = readdirSync(CLIENTS)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, capture: JSON.parse(readFileSync(new URL(name, CLIENTS), 'utf8')) as Capture }))
  .filter(({ capture }) => capture.path === '/v1/messages' && capture.body !== null);

describe('real client requests (Claude Code, opencode)', () => {
  it('has Anthropic captures to check', () => {
    expect(captures.length).toBeGreaterThanOrEqual(9);
  });

  it.each(captures.map(({ name, capture }) => [name, capture] as const))('%s parses and formats back to the same JSON', (_name, capture) => {
    const body = withoutPlaceholders(capture.body) as Record<string, unknown>;
    const request = anthropicCodec.parseRequest(body);
    expect(request.origin).toBe('anthropic');
    const formatted = anthropicCodec.formatRequest(request);
    expect(formatted.path).toBe('/messages');
    expect(formatted.warnings).toEqual([]);
    expect(formatted.body).toEqual(body);
  });

  it('maps Claude Code’s system message inside messages to system parts, and puts it back in place', () => {
    const capture = captures.find(({ name }) => name === 'claude-code-7.json')?.capture;
    const body = withoutPlaceholders(capture?.body) as { messages: Array<{ role: string }> };
    const request = anthropicCodec.parseRequest(body);
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(request.system).toHaveLength(4);
    expect(request.system[3]?.extra).toMatchObject({ $systemMessage: 1, $contentString: true });
    const back = anthropicCodec.formatRequest(request).body as { messages: Array<{ role: string }> };
    expect(back.messages.map((m) => m.role)).toEqual(['user', 'system', 'assistant', 'user']);
    // the tool call and its result, in neutral form
    expect(request.messages[1]?.content[1]).toMatchObject({ type: 'tool-call', name: 'Read', arguments: '{"file_path":"/tmp/clients/work/hello.txt"}' });
    expect(request.messages[2]?.content[0]).toMatchObject({ type: 'tool-result', content: [{ type: 'text', text: '1\thello from fixture\n2\t' }] });
    expect(request.reasoning).toEqual({ enabled: true, effort: 'high' });
  });
});
