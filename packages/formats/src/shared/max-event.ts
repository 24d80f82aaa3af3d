import { InvalidReplyError } from '../errors/invalid-reply-error';

/**
 * The longest stream event (an SSE event, an NDJSON line) a decoder holds
 * while it waits for its end: far beyond any real one (a generated image's
 * base64 is a few megabytes), and a bound on a stream that never ends its line.
 */
export const MAX_EVENT_CHARS = 32 * 1024 * 1024;

export const tooLong = () => new InvalidReplyError(`the stream sent over ${MAX_EVENT_CHARS / 1024 / 1024} M characters without ending an event`);
