import type { Engine, TokenCount } from '@bench/engine';
import { geminiCodec, getCodec, parseAnthropicCountTokensRequest, type NeutralRequest } from '@bench/formats';
import type { RequestState } from '../request-state';

/**
 * Anthropic `count_tokens` and Gemini `countTokens`: the request's input tokens for the member it would go to (a
 * conversation under way: its member), by its own count API, a tokenizer, or bench's estimate; `x-bench-token-count`
 * says which, `x-bench-model` for which member.
 */
export async function handleCountTokens(state: RequestState, engine: Engine): Promise<void> {
  const body = (await state.readBody(engine.config.server.bodyLimitBytes)) as Record<string, unknown>;
  // The headers name a conversation under way (Claude Code's session id) as they do for its turns.
  const counting = { key: state.caller, protocol: state.protocol, headers: state.headers };
  if (state.protocol === 'gemini') {
    const inner = (body.generateContentRequest as Record<string, unknown> | undefined) ?? body;
    const model = state.route.pathModel ?? '';
    const request = geminiCodec.parseRequest({ contents: [], ...inner }, { model });
    const count = await engine.countTokens(request, { ...counting, model, signal: leaving(state) });
    return state.reply.json(200, countReply(state, count), countHeaders(count));
  }
  const request: NeutralRequest = parseAnthropicCountTokensRequest(body);
  const count = await engine.countTokens(request, { ...counting, signal: leaving(state) });
  state.reply.json(200, countReply(state, count), countHeaders(count));
}

/** The count in the caller's protocol's own reply shape (Anthropic `input_tokens`, Gemini `totalTokens`). */
function countReply(state: RequestState, count: TokenCount): Record<string, unknown> {
  return getCodec(state.protocol).wire.tokenCount?.formatReply(count.tokens) ?? { input_tokens: count.tokens };
}

function countHeaders(count: TokenCount): Record<string, string> {
  return { 'x-bench-token-count': count.method, ...(count.alias ? { 'x-bench-model': count.alias } : {}) };
}

/** Aborted when the caller goes away: the member's count call stops with it. */
function leaving(state: RequestState): AbortSignal {
  const controller = new AbortController();
  state.presence.onLeave(() => controller.abort());
  return controller.signal;
}
