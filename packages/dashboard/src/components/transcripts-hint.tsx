import type { TranscriptsFlag } from '../api/types';

const HOW = '"transcripts": { "keep": "30d" }';

/** Without transcripts the pages show everything but the text, and say how to keep it. */
export function TranscriptsHint({ flag }: { flag: TranscriptsFlag | undefined }) {
  if (flag?.transcripts !== 'off') return null;
  return (
    <div class="note note-info" data-testid="transcripts-off">
      Prompts and answers are not kept, so this page shows everything but the text. To keep them, add <code>{HOW}</code> to the gateway's config.
    </div>
  );
}
