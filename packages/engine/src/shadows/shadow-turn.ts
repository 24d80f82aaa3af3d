import type { NeutralRequest } from '@bench/formats';
import type { CallResult } from '@bench/client';
import type { Plan } from '@bench/router';
import type { GatewayConfig } from '../config/resolved-config';
import type { Target } from '../names/resolve-target';

/** A route turn once it has answered the caller, as `finish()` hands it to the shadows. */
export interface ShadowTurn {
  /** The config the turn started with: its shadow is called as that config says, even after a reload. */
  config: GatewayConfig;
  target: Target;
  /** The request exactly as the member was sent it (tools, cache marks and all). */
  request: NeutralRequest;
  /** The Anthropic caller's `anthropic-beta` values, which an Anthropic member (and shadow) gets with the body. */
  betas: readonly string[] | undefined;
  plan: Plan;
  /** The turn's answering call id: the shadows' ids are `<call>-shadow-<k>`. */
  call: string;
  result: CallResult;
  keyName: string;
  /** The caller went away before the answer ended: not shadowed. */
  aborted: boolean;
}
