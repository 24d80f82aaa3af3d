import type { Engine } from '@bench/engine';
import { geminiCodec, parseAnthropicCountTokensRequest } from '@bench/formats';
import type { RequestState } from '../request-state';

/** Anthropic `count_tokens` and Gemini `countTokens`: bench's provider-independent estimate. */
export async function handleCountTokens(state: RequestState, engine: Engine): Promise<void> {
  const body = (await state.readBody(engine.config.server.bodyLimitBytes)) as Record<string, unknown>;
  const counting = { key: state.caller, protocol: state.protocol };
  if (state.protocol === 'gemini') {
    const inner = (body.generateContentRequest as Record<string, unknown> | undefined) ?? body;
    const model = state.route.pathModel ?? '';
    const request = geminiCodec.parseRequest({ contents: [], ...inner }, { model });
    return state.reply.json(200, { totalTokens: engine.countTokens(request, { ...counting, model }) });
  }
  const request = parseAnthropicCountTokensRequest(body);
  state.reply.json(200, { input_tokens: engine.countTokens(request, counting) });
}
