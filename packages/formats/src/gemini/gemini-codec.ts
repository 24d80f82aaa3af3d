import type { Codec } from '../codec';

const notYet = (): never => {
  throw new Error('gemini codec: not implemented yet');
};

export const geminiCodec: Codec = {
  protocol: 'gemini',
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
