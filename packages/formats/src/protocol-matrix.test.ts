import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCodec } from './codecs';
import type { ParseRequestOptions } from './codec';
import { canonicalConversation, TINY_PNG_BASE64 } from './__fixtures__/canonical-conversation';
import type { ContentPart, Message } from './neutral/content';
import { PROTOCOLS, type Protocol } from './neutral/protocol';
import type { NeutralRequest } from './neutral/request';
import type { Warning } from './neutral/warning';

/**
 * The 25-pair matrix: the canonical conversation (system prompt, text, an image,
 * reasoning with a signature, a tool call, a tool result, tools and settings) goes
 * in through each protocol's own wire shape and out through every protocol; what
 * the target can hold must arrive, and whatever did not arrive must be a warning.
 */

const fixture = (protocol: Protocol): unknown =>
  JSON.parse(readFileSync(new URL(`./${protocol}/__fixtures__/canonical-request.json`, import.meta.url), 'utf8'));

const parseOptions = (protocol: Protocol, path?: string): ParseRequestOptions =>
  protocol === 'gemini' ? { model: 'test-model', stream: path?.includes('stream') ?? false } : {};

const partsOf = (request: NeutralRequest, role: Message['role']): ContentPart[] =>
  request.messages.filter((message) => message.role === role).flatMap((message) => message.content as ContentPart[]);

const allParts = (request: NeutralRequest): ContentPart[] => request.messages.flatMap((message) => message.content as ContentPart[]);

const texts = (parts: ContentPart[]) => parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));

type Feature = { name: string; held: (request: NeutralRequest) => boolean; warnedBy: RegExp };

const canonicalCall = canonicalConversation.messages[1]!.content.find((part) => part.type === 'tool-call')!;

const FEATURES: Feature[] = [
  { name: 'system', held: (r) => r.system.some((part) => part.text === 'You are a careful weather assistant.'), warnedBy: /system/i },
  { name: 'user text', held: (r) => texts(partsOf(r, 'user')).includes('What is the weather where this photo was taken?'), warnedBy: /text/i },
  {
    name: 'image',
    held: (r) => allParts(r).some((part) => part.type === 'image' && part.source.kind === 'base64' && part.source.data === TINY_PNG_BASE64),
    warnedBy: /image/i,
  },
  {
    name: 'reasoning',
    held: (r) => partsOf(r, 'assistant').some((part) => part.type === 'reasoning' && part.text.includes('The photo shows Paris')),
    warnedBy: /reasoning|thinking|thought/i,
  },
  {
    name: 'reasoning signature',
    held: (r) => partsOf(r, 'assistant').some((part) => part.type === 'reasoning' && part.signature === 'sig-abc123'),
    warnedBy: /signature|encrypted/i,
  },
  { name: 'assistant text', held: (r) => texts(partsOf(r, 'assistant')).includes('Let me check the weather in Paris.'), warnedBy: /text/i },
  {
    name: 'tool call',
    held: (r) =>
      partsOf(r, 'assistant').some(
        (part) => part.type === 'tool-call' && part.name === 'get_weather' && JSON.stringify(JSON.parse(part.arguments)) === canonicalCall.arguments,
      ),
    warnedBy: /tool/i,
  },
  {
    name: 'tool result',
    held: (r) => {
      const call = partsOf(r, 'assistant').find((part) => part.type === 'tool-call');
      return allParts(r).some(
        (part) =>
          part.type === 'tool-result' &&
          call?.type === 'tool-call' &&
          part.callId === call.id &&
          part.content.some((inner) => inner.type === 'text' && inner.text.includes('18 degrees and sunny')),
      );
    },
    warnedBy: /tool/i,
  },
  { name: 'last user text', held: (r) => texts(partsOf(r, 'user')).includes('Thanks. And tomorrow?'), warnedBy: /text/i },
  {
    name: 'tool definition',
    held: (r) => {
      const tool = r.tools?.find((candidate) => candidate.name === 'get_weather');
      const properties = tool?.inputSchema.properties as Record<string, unknown> | undefined;
      return tool?.description === 'Current weather for a city' && properties?.city !== undefined && properties?.unit !== undefined;
    },
    warnedBy: /tool/i,
  },
  // "auto" is every protocol's default once tools are given: a target without the field still holds it.
  { name: 'tool choice', held: (r) => (r.toolChoice?.type ?? 'auto') === 'auto' && (r.tools?.length ?? 0) > 0, warnedBy: /tool.?choice/i },
  { name: 'output budget', held: (r) => r.maxOutputTokens === 1024, warnedBy: /max|budget|output/i },
  { name: 'temperature', held: (r) => r.temperature === 0.5, warnedBy: /temperature/i },
  { name: 'top_p', held: (r) => r.topP === 0.9, warnedBy: /top.?p/i },
  { name: 'stop', held: (r) => r.stop?.includes('END') === true, warnedBy: /stop/i },
];

function translate(source: Protocol, target: Protocol): { sent: NeutralRequest; received: NeutralRequest; warnings: Warning[] } {
  const sent = getCodec(source).parseRequest(fixture(source), parseOptions(source));
  const upstream = getCodec(target).formatRequest(sent);
  const body = JSON.parse(JSON.stringify(upstream.body));
  const received = getCodec(target).parseRequest(body, parseOptions(target, upstream.path));
  return { sent, received, warnings: upstream.warnings };
}

describe('protocol matrix', () => {
  const lost: Record<string, string[]> = {};

  for (const source of PROTOCOLS) {
    for (const target of PROTOCOLS) {
      it(`${source} → ${target}: what the target holds arrives, the rest is a warning`, () => {
        const { sent, received, warnings } = translate(source, target);
        const missing: string[] = [];
        for (const feature of FEATURES) {
          if (!feature.held(sent)) continue; // the source protocol cannot hold it either
          if (feature.held(received)) continue;
          missing.push(feature.name);
          const warned = warnings.some((warning) => feature.warnedBy.test(`${warning.path ?? ''} ${warning.message}`));
          expect(warned, `${feature.name} was lost from ${source} to ${target} without a warning: ${JSON.stringify(warnings)}`).toBe(true);
        }
        if (source === target) expect(missing).toEqual([]);
        lost[`${source} → ${target}`] = missing;
      });
    }
  }

  it('loses only what each target cannot hold', () => {
    const byTarget: Record<string, string[]> = {};
    for (const [pair, missing] of Object.entries(lost)) {
      const target = pair.split(' → ')[1]!;
      byTarget[target] = [...new Set([...(byTarget[target] ?? []), ...missing])].sort();
    }
    expect(byTarget).toMatchInlineSnapshot(`
      {
        "anthropic": [
          "reasoning",
          "reasoning signature",
          "top_p",
        ],
        "gemini": [
          "reasoning signature",
        ],
        "ollama": [
          "reasoning signature",
        ],
        "openai-chat": [
          "reasoning signature",
        ],
        "openai-responses": [
          "reasoning",
          "reasoning signature",
          "stop",
        ],
      }
    `);
  });
});
