import { PROTOCOLS, type Protocol } from '../neutral/protocol';

/**
 * A reasoning signature is valid only for the provider that wrote it (an
 * Anthropic thinking signature, Gemini's thoughtSignature, Responses'
 * encrypted_content); sent to another, it is a 400. When a reply carries a
 * signature to a caller of another protocol, it goes out wrapped with its
 * origin; when the caller sends it back, the wrapper is taken off and the
 * origin kept (`signatureFrom`), so that only its own provider gets it again.
 * A signature without a wrapper is taken as the caller's protocol's own.
 *
 * The wrapper is base64 of `bench1:<protocol>:<signature>`: opaque to every
 * client, and still base64 where SDKs decode signatures to bytes (Gemini's).
 */
const TAG = 'bench1:';
const WRAPPED = 'YmVuY2gx'; // base64 of "bench1": how every wrapped signature starts

/** The signature as a caller of `to` should get it: as is when it is `to`'s own (or its origin is unknown), else wrapped. */
export function signatureFor(to: Protocol, signature: string, from: Protocol | undefined): string {
  return from === undefined || from === to ? signature : Buffer.from(`${TAG}${from}:${signature}`, 'utf8').toString('base64');
}

/** A signature a caller of `own` sent back, as a reasoning part's fields: its wrapper taken off, its origin kept. */
export function callerSignature(own: Protocol, raw: string): { signature: string; signatureFrom: Protocol } {
  const native = { signature: raw, signatureFrom: own };
  if (!raw.startsWith(WRAPPED)) return native;
  const text = Buffer.from(raw, 'base64').toString('utf8');
  const end = text.indexOf(':', TAG.length);
  const from = text.slice(TAG.length, end) as Protocol;
  if (!text.startsWith(TAG) || end === -1 || !PROTOCOLS.includes(from)) return native;
  return { signature: text.slice(end + 1), signatureFrom: from };
}

/**
 * The signature an upstream of `to` may be sent, or undefined: only its own
 * provider's. Every codec marks the signatures it reads, so one without an
 * origin was written into the neutral request by hand, and is trusted.
 */
export function signatureUpstream(to: Protocol, signature: string, from: Protocol | undefined): string | undefined {
  return from === undefined || from === to ? signature : undefined;
}
