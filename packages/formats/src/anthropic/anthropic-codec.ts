import type { Codec } from '../codec';

const notYet = (): never => {
  throw new Error('anthropic codec: not implemented yet');
};

export const anthropicCodec: Codec = {
  protocol: 'anthropic',
  keepAlive: undefined,
  streamContentType: 'text/event-stream',
  parseRequest: notYet,
  formatRequest: notYet,
  parseReply: notYet,
  formatReply: notYet,
  createStreamDecoder: notYet,
  createStreamEncoder: notYet,
  formatError: notYet,
  parseError: notYet,
};
