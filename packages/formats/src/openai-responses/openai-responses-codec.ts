import type { Codec } from '../codec';

const notYet = (): never => {
  throw new Error('openai-responses codec: not implemented yet');
};

export const openaiResponsesCodec: Codec = {
  protocol: 'openai-responses',
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
