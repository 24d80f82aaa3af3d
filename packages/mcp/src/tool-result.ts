import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolErrorMessage } from './tool-error';

/** A tool's answer: the text an agent reads and the same as structured content. */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** Runs a tool's work; whatever it throws comes back as a tool error with the reason, never as a failed request. */
export async function asToolResult(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return { content: [{ type: 'text', text: toolErrorMessage(error) }], isError: true };
  }
}
