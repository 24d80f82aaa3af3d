import type { Protocol } from '@bench/formats';
import type { Caller } from '../names/permissions';
import type { TurnSummary } from './turn';
import type { TurnHeaders } from './turn-options';
import type { TurnProgress } from './turn-progress';

/** One turn's caller as the engine sees it, and what the turn came to. */
export interface TurnContext {
  protocol: Protocol;
  caller: Caller;
  headers: TurnHeaders;
  /** The name the caller asked for. */
  requestedModel: string;
  summary: TurnSummary;
  /** Set when the caller went away. */
  cancelled: boolean;
  /** Called once, when the caller goes away. */
  onCancel: Array<() => void>;
  /** Told of a panel's seats as they are seated and as each ends. */
  onProgress?: (progress: TurnProgress) => void;
  /** The surface the turn came through (`mcp`), for its calls' records. */
  via?: string;
}
