import type { Codec } from '../codec';

const notYet = (): never => {
  throw new Error('ollama codec: not implemented yet');
};

export const ollamaCodec: Codec = {
  protocol: 'ollama',
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
