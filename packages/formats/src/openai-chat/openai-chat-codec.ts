import type { Codec } from '../codec';

const notYet = (): never => {
  throw new Error('openai-chat codec: not implemented yet');
};

export const openaiChatCodec: Codec = {
  protocol: 'openai-chat',
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
