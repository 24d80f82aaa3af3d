import { getCodec, PROTOCOLS, type Protocol } from '@bench/formats';

/** Every codec's route prefixes, longest first: the first that a path starts with names whose error shape it answers in. */
const PREFIXES: ReadonlyArray<[string, Protocol]> = PROTOCOLS.flatMap((protocol) =>
  getCodec(protocol).wire.pathPrefixes.map((prefix): [string, Protocol] => [prefix, protocol]),
).sort((a, b) => b[0].length - a[0].length);

/** Whose error shape a path answers in: `/api/…` Ollama, `/v1beta/…` Gemini, `/v1/messages…` Anthropic, otherwise OpenAI. */
export function protocolOfPath(path: string): Protocol {
  for (const [prefix, protocol] of PREFIXES) if (path.startsWith(prefix)) return protocol;
  return 'openai-chat';
}
