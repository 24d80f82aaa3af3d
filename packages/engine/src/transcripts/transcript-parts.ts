import type { ContentPart, FileSource, ImageSource, Message, NeutralRequest } from '@bench/formats';
import type { TranscriptMessage, TranscriptPart } from '@bench/ledger';

const DATA_URL = /^data:([^;,]*)(?:;[^,]*)?,/;

/** The bytes a base64 text decodes to. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** An image or file kept as its media type and size; a URL (not a data URL) is kept as it is. */
function reduced(source: ImageSource | FileSource): { mediaType: string; bytes: number } | { url: string } {
  if (source.kind === 'base64') return { mediaType: source.mediaType, bytes: base64Bytes(source.data) };
  const data = DATA_URL.exec(source.url);
  if (!data) return { url: source.url };
  return { mediaType: data[1] || 'application/octet-stream', bytes: base64Bytes(source.url.slice(data[0].length)) };
}

function partOf(part: ContentPart): TranscriptPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image', ...reduced(part.source) } as TranscriptPart;
    case 'file':
      return { type: 'file', ...reduced(part.source), ...(part.filename !== undefined ? { filename: part.filename } : {}) };
    case 'tool-call':
      return { type: 'tool-call', id: part.id, name: part.name, arguments: part.arguments };
    case 'tool-result':
      return {
        type: 'tool-result',
        callId: part.callId,
        ...(part.name !== undefined ? { name: part.name } : {}),
        isError: part.isError === true,
        content: part.content.map(partOf),
      };
    case 'reasoning':
      return { type: 'reasoning', text: part.redacted ? '[redacted by the provider]' : part.text };
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

/** A request's prompt as kept: the system text, and each message's parts with images and files reduced to their type and size. */
export function transcriptPrompt(request: NeutralRequest): { system: string | null; messages: TranscriptMessage[] } {
  const system = request.system.map((part) => part.text).join('\n\n');
  return {
    system: system === '' ? null : system,
    messages: request.messages.map((message: Message) => ({ role: message.role, content: (message.content as ContentPart[]).map(partOf) })),
  };
}
