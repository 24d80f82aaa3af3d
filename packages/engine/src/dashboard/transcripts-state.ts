import type { GatewayConfig } from '../config/resolved-config';

export const TRANSCRIPTS_HINT = 'prompts and answers are not kept: add "transcripts": {"keep": "30d"} to the config to keep them';

/** Whether views carry text, and how to turn it on when they do not. */
export type TranscriptsState = { transcripts: 'on' } | { transcripts: 'off'; hint: string };

export function transcriptsState(config: GatewayConfig): TranscriptsState {
  return config.transcripts ? { transcripts: 'on' } : { transcripts: 'off', hint: TRANSCRIPTS_HINT };
}
