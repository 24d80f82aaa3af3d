import { estimateTokens, geminiCodec, parseAnthropicCountTokensRequest } from '@bench/formats';
import type { GatewayConfig } from '../config/resolved-config';
import { readJSONBody } from '../http/read-body';
import { sendJSON } from '../http/send';
import { resolveRequestTarget } from '../generate/resolve-request-target';
import type { RequestState } from '../request-state';

/** Anthropic `count_tokens` and Gemini `countTokens`: bench's provider-independent estimate. */
export async function handleCountTokens(state: RequestState, config: GatewayConfig): Promise<void> {
  const body = (await readJSONBody(state.req, config.server.bodyLimitBytes)) as Record<string, unknown>;
  if (state.protocol === 'gemini') {
    const inner = (body.generateContentRequest as Record<string, unknown> | undefined) ?? body;
    const model = state.route.pathModel ?? '';
    resolveRequestTarget(state, config, model);
    const request = geminiCodec.parseRequest({ contents: [], ...inner }, { model });
    return sendJSON(state.res, 200, { totalTokens: estimateTokens(request) });
  }
  const request = parseAnthropicCountTokensRequest(body);
  resolveRequestTarget(state, config, request.model);
  sendJSON(state.res, 200, { input_tokens: estimateTokens(request) });
}
