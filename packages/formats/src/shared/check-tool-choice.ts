import { InvalidRequestError } from '../errors/invalid-request-error';
import type { NeutralRequest } from '../neutral/request';
import { quoteValue } from '@bench/contracts';

/** A tool choice that names a tool the request does not define is the caller's mistake, not the upstream's. */
export function checkToolChoice(request: NeutralRequest, path: string): NeutralRequest {
  const choice = request.toolChoice;
  if (choice?.type !== 'tool') return request;
  const names = (request.tools ?? []).map((tool) => tool.name);
  if (!names.includes(choice.name)) {
    const known = names.length ? `one of ${names.join(', ')}` : 'a tool the request defines in its tools, and it defines none';
    throw new InvalidRequestError([{ path, message: `names tool ${quoteValue(choice.name)}, which is not defined; expected ${known}` }]);
  }
  return request;
}
