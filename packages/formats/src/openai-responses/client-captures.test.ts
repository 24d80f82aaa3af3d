import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { geminiCodec } from '../gemini/gemini-codec';
import { ollamaCodec } from '../ollama/ollama-codec';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses-codec';
import { jsonOf } from './read-fixture';
import { plainJSON } from './strip-extra';

// Copies of the captures in the shared planning folder, so the test stands on its own.
const CLIENTS = new URL('../__fixtures__/clients/', import.meta.url).pathname;

interface Capture {
  protocol: string;
  body: Record<string, unknown> | null;
}

const captures = readdirSync(CLIENTS)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, capture: jsonOf(readFileSync(join(CLIENTS, name), 'utf8')) as unknown as Capture }))
  .filter(({ capture }) => capture.protocol === 'openai-responses' && capture.body !== null);

describe('real client captures (Codex, opencode)', () => {
  it('finds the Responses captures', () => {
    expect(captures.map(({ name }) => name).sort()).toEqual(
      expect.arrayContaining(['codex-1.json', 'codex-3.json', 'codex-5.json', 'opencode-3.json', 'opencode-4.json']),
    );
  });

  it.each(captures)('$name parses and formats back to identical JSON', ({ capture }) => {
    const request = openaiResponsesCodec.parseRequest(capture.body);
    expect(request.origin).toBe('openai-responses');
    const formatted = openaiResponsesCodec.formatRequest(request);
    expect(formatted.path).toBe('/responses');
    expect(formatted.warnings).toEqual([]);
    expect(plainJSON(formatted.body)).toStrictEqual(capture.body);
  });

  it('reads the Codex shape: developer messages as system, prompt_cache_key as session, namespaced tools, other tools kept', () => {
    const codex = captures.find(({ name }) => name === 'codex-3.json')?.capture.body;
    const request = openaiResponsesCodec.parseRequest(codex);
    expect(request.system).toHaveLength(3);
    expect(request.system[0]?.extra).toMatchObject({ $role: 'developer', $at: 0, $item: true });
    expect(request.messages.map((message) => message.role)).toEqual(['user', 'user', 'assistant', 'tool']);
    expect(request.messages[2]?.content[0]).toMatchObject({
      type: 'tool-call',
      id: 'call_b83b81a83ddec8039bc77d34',
      name: 'exec_command',
      arguments: '{"cmd":"echo hi"}',
    });
    expect(request.messages[3]?.content[0]).toMatchObject({ type: 'tool-result', callId: 'call_b83b81a83ddec8039bc77d34', name: 'exec_command' });
    expect(request.sessionKey).toBe('<text, 36 chars>');
    expect(request.reasoning).toEqual({ enabled: true });
    expect(request.toolChoice).toEqual({ type: 'auto' });
    expect(request.tools?.map((tool) => [tool.namespace?.name, tool.name])).toEqual([
      ...['exec_command', 'write_stdin', 'request_user_input', 'view_image'].map((name) => [undefined, name]),
      ...['close_agent', 'resume_agent', 'send_input', 'spawn_agent', 'wait_agent'].map((name) => ['multi_agent_v1', name]),
      ...['get_goal', 'create_goal', 'update_goal'].map((name) => [undefined, name]),
    ]);
    expect(request.tools?.[4]?.namespace?.description).toBe('<text, 43 chars>');
    expect(request.extra.other_tools).toEqual([{ type: 'web_search', external_web_access: false }]);
    expect(request.extra.include).toEqual(['reasoning.encrypted_content']);
  });

  it('warns about the Codex-only fields that matter when the request goes to another protocol, not its bookkeeping', () => {
    const codex = captures.find(({ name }) => name === 'codex-1.json')?.capture.body;
    const request = openaiResponsesCodec.parseRequest(codex);
    const foreign = openaiResponsesCodec.formatRequest({ ...request, origin: 'anthropic' });
    const paths = foreign.warnings.map((warning) => warning.path);
    expect(paths).toEqual(['extra.other_tools']);
    const tools = foreign.body.tools as Array<Record<string, unknown>>;
    expect(tools.map((tool) => tool.name)).toEqual([
      'exec_command',
      'write_stdin',
      'request_user_input',
      'view_image',
      'multi_agent_v1',
      'get_goal',
      'create_goal',
      'update_goal',
    ]);
    expect((tools[4]?.tools as Array<Record<string, unknown>> | undefined)?.map((tool) => tool.name)).toEqual([
      'close_agent',
      'resume_agent',
      'send_input',
      'spawn_agent',
      'wait_agent',
    ]);
  });

  it("to a member of each other protocol, a Codex turn warns of what it loses, not of its items' ids and statuses, store, include or metadata", () => {
    const codex = captures.find(({ name }) => name === 'codex-3.json')?.capture.body;
    const request = openaiResponsesCodec.parseRequest(codex);
    for (const codec of [openaiChatCodec, anthropicCodec, geminiCodec, ollamaCodec]) {
      const paths = codec.formatRequest(request).warnings.map((warning) => warning.path ?? '');
      expect(paths.filter((path) => /(^|\.)(id|status|store|include|client_metadata|sessionKey)$/.test(path))).toEqual([]);
      expect(paths.some((path) => path.endsWith('other_tools'))).toBe(true); // web_search: a tool only OpenAI runs
    }
  });
});
