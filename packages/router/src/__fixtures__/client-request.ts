import { readFileSync } from 'node:fs';
import type { AssistantContentPart, Message, NeutralRequest, TextPart, ToolResultPart } from '@bench/formats';

/**
 * Test-only: a captured agent-client request (from /work/shared/clients,
 * copied into ./clients) as a NeutralRequest, mapping just what the router
 * reads — system text, messages, tools, prompt_cache_key. The real codecs
 * live in @bench/formats.
 */
export interface Capture {
  protocol: string;
  headers: Record<string, string>;
  request: NeutralRequest;
}

type Json = Record<string, unknown>;

export function loadCapture(name: string, sessionId?: string): Capture {
  const raw = JSON.parse(readFileSync(new URL(`./clients/${name}.json`, import.meta.url), 'utf8')) as Json;
  const headers = { ...(raw.headers as Record<string, string>) };
  for (const key of Object.keys(headers)) {
    if (sessionId !== undefined && headers[key] === '<uuid>') headers[key] = sessionId;
  }
  const body = raw.body as Json;
  const protocol = String(raw.protocol);
  const request = toNeutral(protocol, body);
  if (sessionId !== undefined && request.sessionKey !== undefined) request.sessionKey = sessionId;
  return { protocol, headers, request };
}

function toNeutral(protocol: string, body: Json): NeutralRequest {
  const request: NeutralRequest = { model: String(body.model ?? 'gemini'), system: [], messages: [], stream: true, extra: {} };
  const tools = (body.tools as Json[] | undefined) ?? [];
  request.tools = tools.map((tool) => ({ name: String(tool.name ?? tool.type), inputSchema: {} }));
  if (protocol === 'anthropic') {
    request.system = texts(body.system);
    for (const message of body.messages as Json[]) push(request, String(message.role), message.content);
  } else if (protocol === 'openai-chat') {
    for (const message of body.messages as Json[]) push(request, String(message.role), message.content);
  } else if (protocol === 'openai-responses') {
    if (typeof body.prompt_cache_key === 'string') request.sessionKey = body.prompt_cache_key;
    for (const item of body.input as Json[]) {
      if (item.type === 'function_call') push(request, 'assistant', [{ type: 'tool_use', id: item.call_id, name: item.name, input: item.arguments }]);
      else if (item.type === 'function_call_output') push(request, 'user', [{ type: 'tool_result', tool_use_id: item.call_id, content: item.output }]);
      else push(request, String(item.role), item.content);
    }
  } else if (protocol === 'gemini') {
    request.system = texts((body.systemInstruction as Json | undefined)?.parts);
    const declared = (tools[0]?.functionDeclarations as Json[] | undefined) ?? [];
    request.tools = declared.map((tool) => ({ name: String(tool.name), inputSchema: {} }));
    for (const content of body.contents as Json[]) {
      const parts = (content.parts as Json[]).map((part) =>
        part.functionCall
          ? { type: 'tool_use', id: 'call', name: 'f', input: part.functionCall }
          : part.functionResponse
            ? { type: 'tool_result', tool_use_id: 'call', content: JSON.stringify(part.functionResponse) }
            : { type: 'text', text: part.text },
      );
      push(request, content.role === 'model' ? 'assistant' : 'user', parts);
    }
  } else throw new Error(`no converter for ${protocol}`);
  return request;
}

function texts(value: unknown): TextPart[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return (value as Json[]).map((part) => ({ type: 'text', text: String(part.text) }));
}

function push(request: NeutralRequest, role: string, content: unknown): void {
  if (role === 'system' || role === 'developer') {
    request.system.push(...texts(typeof content === 'string' ? content : (content as Json[]).filter((p) => 'text' in p)));
    return;
  }
  const parts = typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Json[]);
  if (role === 'assistant') {
    const out: AssistantContentPart[] = parts.map((part) =>
      part.type === 'tool_use'
        ? { type: 'tool-call', id: String(part.id), name: String(part.name), arguments: JSON.stringify(part.input) }
        : { type: 'text', text: String(part.text ?? '') },
    );
    request.messages.push({ role: 'assistant', content: out });
    return;
  }
  const out: Message['content'] = parts.map((part): TextPart | ToolResultPart =>
    part.type === 'tool_result'
      ? { type: 'tool-result', callId: String(part.tool_use_id), content: [{ type: 'text', text: String(part.content) }] }
      : { type: 'text', text: String(part.text ?? '') },
  );
  request.messages.push({ role: 'user', content: out } as Message);
}
