import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { benchCompactionContent, COMPACTION_INTRO, readBenchCompaction } from './bench-compaction';
import { openaiResponsesCodec } from './openai-responses-codec';

const SUMMARY = 'Task: rename `a` to `b` in src/.\nDone: src/a.ts.\nNext: src/b.ts — run `pnpm test` after. ✓';

describe('bench compactions', () => {
  it('hold the summary, read back only from bench’s own content', () => {
    expect(readBenchCompaction(benchCompactionContent(SUMMARY))).toBe(SUMMARY);
    expect(readBenchCompaction('gAAAAABo-openai-encrypted')).toBeUndefined();
    expect(readBenchCompaction('bench-compaction.v1.not-base64-json')).toBeUndefined();
    expect(readBenchCompaction(42)).toBeUndefined();
  });

  it('in a request, become a user message with the summary in their place, for any member', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'gpt-5.4',
      input: [
        { type: 'message', role: 'user', content: 'rename a to b' },
        { type: 'compaction', id: 'cmp_1', encrypted_content: benchCompactionContent(SUMMARY) },
        { type: 'message', role: 'user', content: 'go on' },
      ],
    });
    expect(request.messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: `${COMPACTION_INTRO}\n\n${SUMMARY}` }] });
    const toOpenAI = openaiResponsesCodec.formatRequest(request).body as { input: Array<Record<string, unknown>> };
    expect(toOpenAI.input[1]).toMatchObject({ role: 'user', content: [{ type: 'input_text', text: expect.stringContaining(SUMMARY) }] });
    const toAnthropic = anthropicCodec.formatRequest(request);
    expect(JSON.stringify(toAnthropic.body)).toContain('src/b.ts');
    expect(toAnthropic.warnings.filter((warning) => warning.code === 'dropped')).toEqual([]);
  });

  it("leave OpenAI's own compaction as it came for OpenAI, and tell another protocol it was dropped", () => {
    const wire = {
      model: 'gpt-5.4',
      input: [
        { type: 'compaction', id: 'cmp_1', encrypted_content: 'gAAAAABo-openai' },
        { type: 'message', role: 'user', content: 'go on' },
      ],
    };
    const request = openaiResponsesCodec.parseRequest(wire);
    expect(openaiResponsesCodec.formatRequest(request).body.input).toEqual(wire.input);
    expect(anthropicCodec.formatRequest(request).warnings).toContainEqual(expect.objectContaining({ code: 'dropped' }));
  });
});
