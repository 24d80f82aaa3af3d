import { openaiChatCodec, type NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { buildUpstreamRequest } from '../build-upstream-request';
import { VENDOR_RULES, VENDORS, type Vendor } from './registry';
import { fitMoonshotThinking } from './rules/moonshot-thinking';
import { fitOpenAIReasoningControls } from './rules/openai-reasoning-controls';
import { useOpenAIPromptCacheKey } from './rules/openai-prompt-cache-key';
import { useOpenAITokenField } from './rules/openai-token-field';
import { leaveOutGoogleSignatures } from './rules/google-signatures';
import { leaveOutOpenRouterDetails } from './rules/openrouter-reasoning-details';
import { fillReasoningContent } from './rules/reasoning-content-placeholder';
import { leaveOutRefusedReasoningContent } from './rules/reasoning-content-refused';
import { leaveOutForeignBillingBlock } from './rules/anthropic-billing-block';
import { vendorOf } from './vendor-of';
import { planFor, planOf } from './vendor-plan';
import type { AfterFormat, BeforeFormat, VendorRules } from './vendor-rules';

/** Hosts each vendor's API really answers on (its docs' base URLs). */
const REAL_HOSTS: Record<Exclude<Vendor, 'other'>, readonly string[]> = {
  openai: ['api.openai.com', 'eu.api.openai.com', 'my-team.openai.azure.com', 'x.cognitiveservices.azure.com'],
  anthropic: ['api.anthropic.com'],
  google: ['generativelanguage.googleapis.com', 'us-central1-aiplatform.googleapis.com'],
  deepseek: ['api.deepseek.com'],
  moonshot: ['api.moonshot.ai', 'api.moonshot.cn'],
  openrouter: ['openrouter.ai'],
  minimax: ['api.minimax.io', 'api.minimaxi.com'],
  groq: ['api.groq.com'],
  cerebras: ['api.cerebras.ai'],
};

describe('the vendor registry', () => {
  it('names every vendor the config takes, in the registry’s order, then other', () => {
    expect(VENDORS).toEqual(['openai', 'anthropic', 'google', 'deepseek', 'moonshot', 'openrouter', 'minimax', 'groq', 'cerebras', 'other']);
    expect(VENDORS).toEqual([...VENDOR_RULES.map((vendor) => vendor.name), 'other']);
  });

  it.each(VENDORS.filter((name) => name !== 'other'))('has one entry for %s, whose hosts are its real ones and no other vendor’s', (name) => {
    const entries = VENDOR_RULES.filter((vendor) => vendor.name === name);
    expect(entries).toHaveLength(1);
    const own = REAL_HOSTS[name as Exclude<Vendor, 'other'>];
    expect(own.filter((host) => entries[0]!.hosts.test(host))).toEqual(own);
    for (const host of own) expect(vendorOf({ baseURL: `https://${host}/v1` })).toBe(name);
    const others = Object.entries(REAL_HOSTS)
      .filter(([vendor]) => vendor !== name)
      .flatMap(([, hosts]) => hosts);
    expect(others.filter((host) => entries[0]!.hosts.test(host))).toEqual([]);
  });

  it('tells no vendor from a lookalike host, a local server or a URL it cannot read', () => {
    for (const baseURL of ['https://api.openai.com.example.org/v1', 'https://notanthropic.com/v1', 'http://127.0.0.1:8000/v1', 'not a url'])
      expect(vendorOf({ baseURL })).toBe('other');
  });
});

describe('the order vendor rules run in', () => {
  // Rules that write their name where they ran: a registry of three vendors, the third reading the first's fields.
  const ran: string[] = [];
  const before =
    (name: string): BeforeFormat =>
    () =>
      void ran.push(name);
  const after =
    (name: string): AfterFormat =>
    () =>
      void ran.push(name);
  const a: VendorRules = {
    name: 'a',
    hosts: /^a$/,
    elsewhere: { before: [before('a.elsewhere.before')], after: [after('a.elsewhere.1'), after('a.elsewhere.2')] },
    request: { after: [after('a.1')] },
  };
  const b: VendorRules = {
    name: 'b',
    hosts: /^b$/,
    elsewhere: { after: [after('b.elsewhere')] },
    request: { before: [before('b.before')], after: [after('b.2'), after('b.1')] },
  };
  const c: VendorRules = { name: 'c', hosts: /^c$/, alsoReads: ['a' as Vendor], request: { after: [after('c.1')] } };
  const run = (self: VendorRules | undefined) => {
    ran.length = 0;
    const plan = planFor([a, b, c], self);
    for (const rule of plan.before) rule(undefined as never, 'other', undefined as never);
    for (const rule of plan.foreign) rule(undefined as never, 'other', {}, [], undefined as never);
    ran.push('|');
    for (const rule of plan.own) rule(undefined as never, 'other', {}, [], undefined as never);
    return [...ran];
  };

  it('runs other vendors’ elsewhere rules in the registry’s order, then the vendor’s own as its file writes them', () => {
    expect(run(b)).toEqual(['a.elsewhere.before', 'b.before', 'a.elsewhere.1', 'a.elsewhere.2', '|', 'b.2', 'b.1']);
    expect(run(a)).toEqual(['b.elsewhere', '|', 'a.1']);
    expect(run(undefined)).toEqual(['a.elsewhere.before', 'a.elsewhere.1', 'a.elsewhere.2', 'b.elsewhere', '|']);
  });

  it('skips the elsewhere rules of a vendor whose fields the API reads too', () => {
    expect(run(c)).toEqual(['b.elsewhere', '|', 'c.1']);
  });

  it('gives each real vendor the rules its file lists, after the fields of the others are left out', () => {
    expect(planOf('openai')).toEqual({
      before: [leaveOutForeignBillingBlock],
      foreign: [leaveOutGoogleSignatures, leaveOutOpenRouterDetails],
      own: [leaveOutRefusedReasoningContent, useOpenAITokenField, fitOpenAIReasoningControls, useOpenAIPromptCacheKey],
    });
    expect(planOf('anthropic')).toEqual({ before: [], foreign: [leaveOutGoogleSignatures, leaveOutOpenRouterDetails], own: [] });
    expect(planOf('google').foreign).toEqual([leaveOutOpenRouterDetails]);
    expect(planOf('moonshot').own).toEqual([fillReasoningContent, fitMoonshotThinking]);
    expect(planOf('minimax')).toEqual({ before: [leaveOutForeignBillingBlock], foreign: [leaveOutGoogleSignatures], own: [] });
    expect(planOf('other')).toEqual({ before: [leaveOutForeignBillingBlock], foreign: [leaveOutGoogleSignatures, leaveOutOpenRouterDetails], own: [] });
  });

  it('leaves out another vendor’s field before the vendor’s own rules see the body (OpenRouter’s reasoning at OpenAI)', () => {
    // OpenRouter's rule turns reasoning_details into reasoning_content; OpenAI's, run after it, leaves that out too.
    const details = [{ type: 'reasoning.text', text: 'Read the file.', signature: 'SIG', format: 'anthropic-claude-v1', index: 0 }];
    const request: NeutralRequest = {
      model: 'bench/agents',
      system: [],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'what is in a.txt?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Read the file.', signature: `openrouter:${JSON.stringify(details)}`, signatureFrom: 'openai-chat' },
            { type: 'text', text: 'hello' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
      ],
      stream: false,
      extra: {},
    };
    const built = buildUpstreamRequest(openaiChatCodec, { alias: 'm', api: 'openai-chat', baseURL: 'https://api.openai.com/v1', model: 'gpt-5.4' }, request);
    const assistant = (JSON.parse(built.body) as { messages: Array<Record<string, unknown>> }).messages[1];
    expect(assistant).toEqual({ role: 'assistant', content: 'hello' });
    expect(built.warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^reasoning_details .* went as reasoning_content$/),
      expect.stringMatching(/^reasoning_content left out of 1 message/),
    ]);
  });
});
