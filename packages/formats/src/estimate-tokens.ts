import type { ContentPart } from './neutral/content';
import type { NeutralRequest } from './neutral/request';

/** What one image costs, roughly, across providers (a ~1 MP image). */
const IMAGE_TOKENS = 1_600;
/** What one document costs, roughly: a few PDF pages (providers charge per page, for its text and its image). */
const FILE_TOKENS = 6_000;
const CHARS_PER_TOKEN = 4;
const PER_MESSAGE_TOKENS = 4;

/**
 * A provider-independent estimate of a request's input tokens (about 4
 * characters a token, plus a fixed cost per image, per file and per message). Used for
 * Anthropic's count_tokens and to check context windows; not a tokenizer.
 */
export function estimateTokens(request: Pick<NeutralRequest, 'system' | 'messages' | 'tools'>): number {
  let chars = 0;
  let tokens = 0;
  for (const part of request.system) chars += part.text.length;
  for (const message of request.messages) {
    tokens += PER_MESSAGE_TOKENS;
    for (const part of message.content) {
      const counted = countPart(part);
      chars += counted.chars;
      tokens += counted.tokens;
    }
  }
  for (const tool of request.tools ?? []) {
    chars += tool.name.length + (tool.description?.length ?? 0) + JSON.stringify(tool.inputSchema).length;
  }
  return tokens + Math.ceil(chars / CHARS_PER_TOKEN);
}

function countPart(part: ContentPart): { chars: number; tokens: number } {
  switch (part.type) {
    case 'text':
      return { chars: part.text.length, tokens: 0 };
    case 'image':
      return { chars: 0, tokens: IMAGE_TOKENS };
    case 'file':
      return { chars: 0, tokens: FILE_TOKENS };
    case 'tool-call':
      return { chars: part.name.length + part.arguments.length, tokens: 0 };
    case 'tool-result': {
      let chars = 0;
      let tokens = 0;
      for (const inner of part.content) {
        const counted = countPart(inner);
        chars += counted.chars;
        tokens += counted.tokens;
      }
      return { chars, tokens };
    }
    case 'reasoning':
      return { chars: part.text.length, tokens: 0 };
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}
