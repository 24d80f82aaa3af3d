import type { NeutralRequest } from '@bench/formats';
import { PanelToolsError } from './errors/panel-tools-error';

/** Throws `PanelToolsError` when the request has tools, tool calls or tool results. */
export function refuseTools(request: NeutralRequest, collection: string): void {
  if (request.tools && request.tools.length > 0) throw new PanelToolsError('tools', collection);
  if (request.toolChoice && request.toolChoice.type !== 'none' && request.toolChoice.type !== 'auto') {
    throw new PanelToolsError('tool_choice', collection);
  }
  request.messages.forEach((message, m) => {
    if (message.role === 'tool') throw new PanelToolsError(`messages[${m}]`, collection);
    message.content.forEach((part, p) => {
      if (part.type === 'tool-call' || part.type === 'tool-result') throw new PanelToolsError(`messages[${m}].content[${p}]`, collection);
    });
  });
}
