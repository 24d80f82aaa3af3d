import { getCodec, type Protocol } from '@bench/formats';

/**
 * The model a reply names. OpenAI Chat and Responses name who answered (as
 * OpenAI names the snapshot behind an alias): `bench/<collection>` for a panel,
 * the member's alias for a route. The other protocols echo the name asked for.
 */
export function replyModelName(protocol: Protocol, asked: string, answered: string): string {
  return getCodec(protocol).wire.repliesNameMember ? answered : asked;
}
