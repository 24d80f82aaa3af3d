import { getCodec } from '../codecs';
import type { Protocol } from './protocol';

/**
 * Whether a protocol's requests carry documents (file parts), as its codec
 * says: a caller choosing among members should not pick one whose protocol
 * leaves them out for a request that has documents.
 */
export function protocolCarriesFiles(protocol: Protocol): boolean {
  return getCodec(protocol).wire.carriesFiles;
}
