import type { Protocol } from './protocol';

/**
 * Whether a protocol's requests carry documents (file parts). Ollama's do not:
 * a document sent to an Ollama upstream is left out with a warning, so a
 * caller choosing among members should not pick one there for a request that
 * has documents.
 */
export function protocolCarriesFiles(protocol: Protocol): boolean {
  return protocol !== 'ollama';
}
