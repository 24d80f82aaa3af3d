import type { ToolResultPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { formatFilePart, formatImagePart, type WirePart } from './format-openai-chat-content';
import { flatToolName } from '../shared/tool-names';

/**
 * The images and files of a tool result, which a Chat tool message cannot
 * hold (its content is text only): they go in a user message right after the
 * tool messages, under a line naming the call, so that a model with vision
 * still sees the screenshot or the page a tool returned (Claude Code's Read
 * of an image, a browser tool's screenshot). None: an empty list.
 */
export function toolResultMedia(part: ToolResultPart, path: string, own: boolean, warnings: Warning[]): WirePart[] {
  const media: WirePart[] = [];
  part.content.forEach((inner, at) => {
    if (inner.type === 'text') return;
    const innerPath = `${path}.content[${at}]`;
    const wire = inner.type === 'image' ? formatImagePart(inner, own, innerPath, warnings) : formatFilePart(inner, own, innerPath, warnings);
    if (wire === undefined) return; // a file Chat cannot take at all, warned about
    const what = inner.type === 'image' ? 'an image' : 'a file';
    warnings.push({ code: 'converted', path: innerPath, message: `${what} in a tool result is sent in a user message after the tool messages` });
    media.push(wire);
  });
  if (media.length === 0) return media;
  return [
    { type: 'text', text: `From the result of tool call ${part.callId}${part.name === undefined ? '' : ` (${flatToolName(part.name, part.namespace)})`}:` },
    ...media,
  ];
}
