import { describe, expect, it } from 'vitest';
import { PanelError } from './errors/panel-error';
import { PanelToolsError } from './errors/panel-tools-error';
import { refuseTools } from './refuse-tools';
import { ask, thrown } from './test-helpers';

describe('refuseTools', () => {
  it('lets a plain request through', () => {
    expect(() => refuseTools(ask(), 'core')).not.toThrow();
  });

  it('refuses tools, saying to use :route', () => {
    const request = ask('weather?', { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] });
    const error = thrown(() => refuseTools(request, 'core'));
    expect(PanelToolsError.isInstance(error)).toBe(true);
    expect(PanelError.isInstance(error) && error.status).toBe(400);
    expect((error as Error).message).toContain('bench/core:route');
    expect(PanelToolsError.isInstance(error) && error.toNeutral()).toMatchObject({ kind: 'invalid-request', status: 400, param: 'tools' });
  });

  it('refuses tool calls and tool results in the conversation, naming where', () => {
    const call = ask('q', {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}' }] },
      ],
    });
    expect((thrown(() => refuseTools(call, 'core')) as PanelToolsError).field).toBe('messages[1].content[0]');
    const result = ask('q', { messages: [{ role: 'user', content: [{ type: 'tool-result', callId: 'c1', content: [] }] }] });
    expect((thrown(() => refuseTools(result, 'core')) as PanelToolsError).field).toBe('messages[0].content[0]');
    const toolRole = ask('q', { messages: [{ role: 'tool', content: [{ type: 'tool-result', callId: 'c1', content: [] }] }] });
    expect((thrown(() => refuseTools(toolRole, 'core')) as PanelToolsError).field).toBe('messages[0]');
  });
});
