import type { UpstreamRequest } from '../codec';
import type { NeutralRequest, ToolDefinition } from '../neutral/request';
import type { Warning } from '../neutral/warning';
import { formatOllamaMessages } from './format-ollama-messages';
import { warnExtra } from './format-ollama-parts';
import { formatOllamaSettings } from './format-ollama-settings';
import { publicKeys, wireFields } from './rest-of';
import { plainFunctionTools } from '../shared/tool-names';

/** /api/generate fields that /api/chat has no place for. */
const GENERATE_ONLY = new Set(['suffix', 'raw', 'template', 'context']);

/** A neutral request → an Ollama /api/chat body (generate-born requests too: the gateway always calls /api/chat). */
export function formatOllamaRequest(request: NeutralRequest): UpstreamRequest {
  const warnings: Warning[] = [];
  const same = request.origin === 'ollama';
  const messages = formatOllamaMessages(request, warnings);
  const body: Record<string, unknown> = { model: request.model };
  if (!(same && request.extra.$noMessages === true && messages.length === 0)) body.messages = messages;

  const choice = request.toolChoice;
  if (request.tools && choice?.type === 'none') {
    warnings.push({ code: 'converted', path: 'toolChoice', message: 'Ollama has no tool_choice; "none" is met by not sending the tools' });
  } else if (request.tools) {
    body.tools = plainFunctionTools(request.tools, 'ollama').map((tool, i) => formatOllamaTool(tool, same, `tools[${i}]`, warnings));
  }
  if (choice && choice.type !== 'auto' && choice.type !== 'none') {
    warnings.push({ code: 'dropped', path: 'toolChoice', message: `Ollama has no tool_choice; "${choice.type}" is not enforced` });
  }
  if (request.parallelToolCalls !== undefined) {
    warnings.push({ code: 'dropped', path: 'parallelToolCalls', message: 'Ollama has no parallel_tool_calls setting' });
  }

  Object.assign(body, formatOllamaSettings(request, same, warnings));

  if (same) {
    const fromGenerate = request.extra.$endpoint === 'generate';
    for (const key of publicKeys(request.extra)) {
      if (key === 'options') continue;
      if (fromGenerate && GENERATE_ONLY.has(key)) {
        warnings.push({ code: 'dropped', path: key, message: `/api/chat has no "${key}" (an /api/generate field); it is not sent` });
      } else body[key] = request.extra[key];
    }
  } else {
    warnExtra(request.extra, 'extra', warnings);
  }
  return { path: '/api/chat', body, warnings };
}

function formatOllamaTool(tool: ToolDefinition, same: boolean, path: string, warnings: Warning[]): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (!(same && tool.extra?.$noParameters === true)) fn.parameters = tool.inputSchema;
  const hinted = tool.extra?.$function;
  if (same && typeof hinted === 'object' && hinted !== null) Object.assign(fn, hinted);
  if (!same) warnExtra(tool.extra, path, warnings);
  if (tool.strict !== undefined) {
    warnings.push({ code: 'dropped', path: `${path}.strict`, message: 'Ollama tools have no strict flag' });
  }
  return { type: 'function', ...(same ? wireFields(tool.extra) : {}), function: fn };
}
