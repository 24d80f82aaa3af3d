import type { Member } from './member';
import type { OutputCut } from './output-budget';
import type { RankedMember } from './ranked-member';
import type { RouteSettings } from './route-settings';
import type { SkippedMember } from './skipped-member';

/** A member that may take the turn, in the order to try. */
export interface PlannedMember {
  alias: string;
  member: Member;
  /** Set when the request's output budget is over what this member can write: send `allowed` instead. */
  outputCut?: OutputCut;
  /** Rate limited or circuit open: tried only after the others. */
  cooling: boolean;
  /** This turn is the one probe of a half-open circuit. */
  probe: boolean;
  /** Why it is at this place: the conversation's member, or its place in `ranking`. */
  why: string;
}

/** Who may answer a turn, in order, and why the others may not. */
export interface Plan {
  collection: string;
  /** The conversation id (sha-256, base64url; random when not sticky). */
  conversation: string;
  /** How the id was found: the client's session id, the fingerprint, or none (not sticky). */
  identity: 'session' | 'fingerprint' | 'none';
  turn: number;
  isNew: boolean;
  /** At most `maxMembers`, first to try first. */
  members: PlannedMember[];
  skipped: SkippedMember[];
  estimatedInputTokens: number;
  rotated: boolean;
  settings: RouteSettings;
  /** The request's shape (`general` when the input named none): the records read are on it. */
  shape: string;
  /** With `explain: true` in the input: every eligible member in the order a new conversation gets, with why. */
  ranking?: RankedMember[];
}
