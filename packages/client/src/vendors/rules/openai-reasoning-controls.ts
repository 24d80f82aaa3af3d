import type { Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';
import { takeOutReasoningControls } from '../../reasoning-capability';

type Body = Record<string, unknown>;
type OpenAIApi = 'openai-chat' | 'openai-responses';

/** The o-series, gpt-5 and later, codex-*: reasoning models. Their chat variants (gpt-5-chat-latest) are not. */
const REASONING_MODEL = /^(o\d|gpt-[5-9]|codex-)(?!.*-chat)/;
const PLAIN_MODEL = /^(gpt-4|gpt-3\.5|chatgpt-)|^gpt-[5-9][^-]*-chat/;

/** Sampling controls OpenAI refuses for a reasoning model ("Only the default (1) value is supported", "Unsupported parameter"). */
const SAMPLING: Record<OpenAIApi, readonly string[]> = {
  'openai-chat': ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'logprobs', 'top_logprobs', 'logit_bias'],
  'openai-responses': ['temperature', 'top_p', 'top_logprobs'],
};

/**
 * OpenAI's API refuses sampling controls for its reasoning models unless
 * reasoning is off (effort "none"), and refuses reasoning controls for the
 * models that do not reason. A caller of a collection does not know which
 * model answers (Gemini CLI sends topP 0.95 with every request, opencode a
 * temperature), and a refused field would fail the whole turn: for OpenAI's
 * own API (a rule of ../openai.ts), the fields the model refuses are left
 * out, with a warning. The model's configured `reasoning` says which it is
 * where the id cannot (an Azure deployment's own name); without it, such an
 * id gets the body as the codec wrote it.
 */
export function fitOpenAIReasoningControls(target: ModelTarget, _vendor: Vendor, body: Body, warnings: Warning[]): void {
  if (!speaksOpenAI(target)) return;
  const model = target.model.toLowerCase().replace(/^ft:/, '');
  const reasons = target.reasoning ?? (REASONING_MODEL.test(model) ? true : PLAIN_MODEL.test(model) ? false : undefined);
  if (reasons === true) {
    if (effortOf(target.api, body) === 'none') return;
    const refused = SAMPLING[target.api].filter((key) => body[key] !== undefined);
    for (const key of refused) delete body[key];
    if (refused.length > 0) {
      warnings.push({
        code: 'dropped',
        path: refused.join(', '),
        message: `${refused.join(', ')} left out: ${target.model} reasons, and OpenAI takes no sampling controls for a reasoning model unless its reasoning effort is "none"`,
      });
    }
  } else if (reasons === false) {
    const refused = takeOutReasoningControls(target.api, body);
    if (refused.length > 0) {
      warnings.push({
        code: 'dropped',
        path: 'reasoning',
        message: `${refused.join(', ')} left out: ${target.model} does not reason, and OpenAI refuses reasoning controls for it`,
      });
    }
  }
}

function speaksOpenAI(target: ModelTarget): target is ModelTarget & { api: OpenAIApi } {
  return target.api === 'openai-chat' || target.api === 'openai-responses';
}

function effortOf(api: OpenAIApi, body: Body): unknown {
  if (api === 'openai-chat') return body.reasoning_effort;
  const reasoning = body.reasoning;
  return typeof reasoning === 'object' && reasoning !== null ? (reasoning as Body).effort : undefined;
}
