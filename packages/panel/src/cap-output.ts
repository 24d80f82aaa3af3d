import type { NeutralRequest } from '@bench/formats';
import type { PanelMember } from './panel-member';

/** The request with its output budget cut to the member's `maxOutput`, and a warning saying so when it was. */
export function capOutput(request: NeutralRequest, member: PanelMember): { request: NeutralRequest; warnings: string[] } {
  const asked = request.maxOutputTokens;
  if (asked === undefined || member.maxOutput === undefined || asked <= member.maxOutput) return { request, warnings: [] };
  return {
    request: { ...request, maxOutputTokens: member.maxOutput },
    warnings: [`maxOutputTokens ${asked} cut to ${member.alias}'s maxOutput ${member.maxOutput}`],
  };
}
