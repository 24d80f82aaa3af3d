import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolNamespace } from '../neutral/request';
import { freeformInputSchema } from './freeform-input';
import { createToolCallRestorer, flatToolName, plainFunctionTools, wireToolName } from './tool-names';

const schema = { type: 'object', properties: {} };
const agents: ToolNamespace = { name: 'multi_agent_v1', description: 'Sub-agents.' };
const repl: ToolNamespace = { name: 'mcp__node_repl' };

const grammar = { type: 'grammar', syntax: 'lark', definition: 'start: begin_patch hunk+ end_patch' };
const applyPatch: ToolDefinition = { name: 'apply_patch', description: 'Edits files.', inputSchema: freeformInputSchema(), freeform: { format: grammar } };

const tools: ToolDefinition[] = [
  { name: 'exec_command', description: 'Runs a command.', inputSchema: schema },
  { name: 'spawn_agent', description: 'Starts an agent.', inputSchema: schema, namespace: agents },
  { name: 'wait_agent', inputSchema: schema, namespace: agents },
  { name: 'js', description: 'Runs JavaScript.', inputSchema: schema, namespace: repl },
  { name: 'wait', description: 'Waits.', inputSchema: schema, namespace: repl },
  { name: 'wait', description: 'Waits too.', inputSchema: schema, namespace: { name: 'other' } },
];

describe('flatToolName', () => {
  it('is the name itself outside a namespace, `<namespace>__<name>` inside one', () => {
    expect(flatToolName('exec_command', undefined)).toBe('exec_command');
    expect(flatToolName('spawn_agent', 'multi_agent_v1')).toBe('multi_agent_v1__spawn_agent');
    expect(flatToolName('js', 'mcp__node_repl')).toBe('mcp__node_repl__js');
  });

  it('keeps a long one within 64 characters, unique and the same every time', () => {
    const namespace = 'mcp__a_very_long_server_name_that_someone_configured';
    const first = flatToolName('take_a_full_page_screenshot', namespace);
    const second = flatToolName('take_a_full_page_screenshot_now', namespace);
    expect(first).toHaveLength(64);
    expect(second.length).toBeLessThanOrEqual(64);
    expect(first).not.toBe(second);
    expect(first.startsWith(namespace)).toBe(true);
    expect(flatToolName('take_a_full_page_screenshot', namespace)).toBe(first);
    expect(first).toMatch(/^[a-zA-Z0-9_-]+$/);
  });
});

/** A Claude Code MCP tool past 64 characters (Claude Code sends them), and a Gemini CLI one with a dot. */
const LONG = 'mcp__plugin_chrome-devtools-mcp_chrome-devtools__get_console_message_by_id';
const DOTTED = 'github.search_issues';

describe('wireToolName', () => {
  it('leaves a name the protocol takes as it is', () => {
    for (const protocol of ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'ollama'] as const)
      expect(wireToolName(protocol, 'exec_command', undefined)).toBe('exec_command');
    expect(wireToolName('gemini', DOTTED, undefined)).toBe(DOTTED);
    expect(wireToolName('ollama', LONG, undefined)).toBe(LONG);
  });

  it('makes one the protocol takes, the same on every call, and two that differ only in what was replaced stay apart', () => {
    for (const protocol of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const) {
      const long = wireToolName(protocol, LONG, undefined);
      expect(long).toHaveLength(64);
      expect(long.startsWith(LONG.slice(0, 40))).toBe(true);
      expect(wireToolName(protocol, LONG, undefined)).toBe(long);
    }
    for (const protocol of ['openai-chat', 'openai-responses', 'anthropic'] as const) {
      expect(wireToolName(protocol, DOTTED, undefined)).toMatch(/^github_search_issues_[0-9a-z]+$/);
      expect(wireToolName(protocol, 'github:search_issues', undefined)).not.toBe(wireToolName(protocol, DOTTED, undefined));
    }
    expect(wireToolName('gemini', '3d_render', undefined)).toMatch(/^_3d_render_[0-9a-z]+$/);
    expect(wireToolName('gemini', 'say hi', undefined)).toMatch(/^say_hi_[0-9a-z]+$/);
  });

  it('is the flat name where the protocol has no namespaces, and the name alone for OpenAI Responses', () => {
    expect(wireToolName('anthropic', 'spawn_agent', 'multi_agent_v1')).toBe('multi_agent_v1__spawn_agent');
    expect(wireToolName('openai-responses', 'spawn_agent', 'multi_agent_v1')).toBe('spawn_agent');
  });
});

describe('plainFunctionTools', () => {
  it('names each namespaced tool flat and puts the namespace description on its first tool only', () => {
    const flat = plainFunctionTools(tools, 'openai-chat');
    expect(flat.map((tool) => tool.name)).toEqual([
      'exec_command',
      'multi_agent_v1__spawn_agent',
      'multi_agent_v1__wait_agent',
      'mcp__node_repl__js',
      'mcp__node_repl__wait',
      'other__wait',
    ]);
    expect(flat.map((tool) => tool.description)).toEqual([
      'Runs a command.',
      'Sub-agents.\n\nStarts an agent.',
      undefined,
      'Runs JavaScript.',
      'Waits.',
      'Waits too.',
    ]);
    expect(flat.every((tool) => tool.namespace === undefined)).toBe(true);
    expect(flat[1]?.inputSchema).toBe(schema);
  });

  it('gives the namespace description alone to a first tool without one, and the same array back when nothing is namespaced', () => {
    const flat = plainFunctionTools([{ name: 'close_agent', inputSchema: schema, namespace: agents }], 'openai-chat');
    expect(flat[0]?.description).toBe('Sub-agents.');
    const plain = [tools[0]!];
    expect(plainFunctionTools(plain, 'openai-chat')).toBe(plain);
  });
});

describe('plainFunctionTools, freeform tools', () => {
  it('keeps the name and the {input} schema, and says in the description that input is the raw text, with its grammar', () => {
    const [plain] = plainFunctionTools([applyPatch], 'openai-chat');
    expect(plain).toEqual({
      name: 'apply_patch',
      inputSchema: freeformInputSchema(),
      description: expect.stringMatching(/^Edits files\.\n\nGive the raw text as the `input` string/),
    });
    expect(plain?.description).toContain('grammar (lark):\nstart: begin_patch hunk+ end_patch');
    expect(plainFunctionTools([{ ...applyPatch, freeform: { format: { type: 'text' } } }], 'openai-chat')[0]?.description).not.toContain('grammar');
  });

  it('names a freeform tool in a namespace flat too', () => {
    expect(plainFunctionTools([{ ...applyPatch, namespace: repl }], 'openai-chat')[0]?.name).toBe('mcp__node_repl__apply_patch');
  });
});

describe('createToolCallRestorer', () => {
  const restore = createToolCallRestorer(tools, 'openai-chat')!;
  const restored = (name: string, namespace?: string) => {
    const call: { name: string; namespace?: string } = namespace === undefined ? { name } : { name, namespace };
    restore(call);
    return call;
  };

  it('turns a flat name back into the tool and its namespace', () => {
    expect(restored('multi_agent_v1__spawn_agent')).toEqual({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
    expect(restored('mcp__node_repl__js')).toEqual({ name: 'js', namespace: 'mcp__node_repl' });
    const long: ToolDefinition = {
      name: 'take_a_full_page_screenshot',
      inputSchema: schema,
      namespace: { name: 'mcp__a_very_long_server_name_that_someone_configured' },
    };
    const call = { name: flatToolName(long.name, long.namespace!.name) };
    createToolCallRestorer([long], 'openai-chat')!(call);
    expect(call).toEqual({ name: 'take_a_full_page_screenshot', namespace: 'mcp__a_very_long_server_name_that_someone_configured' });
  });

  it('restores a bare name only one namespace has, and leaves plain tools, ambiguous names, unknown names and named namespaces alone', () => {
    expect(restored('spawn_agent')).toEqual({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
    expect(restored('exec_command')).toEqual({ name: 'exec_command' });
    expect(restored('wait')).toEqual({ name: 'wait' });
    expect(restored('rm_rf')).toEqual({ name: 'rm_rf' });
    expect(restored('spawn_agent', 'elsewhere')).toEqual({ name: 'spawn_agent', namespace: 'elsewhere' });
  });

  it('marks a call of a freeform tool freeform, by its name or its flat name', () => {
    const restore = createToolCallRestorer([tools[0]!, applyPatch, { ...applyPatch, name: 'js', namespace: repl }], 'openai-chat')!;
    const call: { name: string; namespace?: string; freeform?: boolean } = { name: 'apply_patch' };
    restore(call);
    expect(call).toEqual({ name: 'apply_patch', freeform: true });
    const flat: { name: string; namespace?: string; freeform?: boolean } = { name: 'mcp__node_repl__js' };
    restore(flat);
    expect(flat).toEqual({ name: 'js', namespace: 'mcp__node_repl', freeform: true });
    const plain: { name: string; freeform?: boolean } = { name: 'exec_command' };
    restore(plain);
    expect(plain).toEqual({ name: 'exec_command' });
  });

  it('gives a renamed tool its own name back, for the protocol it was renamed for', () => {
    const renamed: ToolDefinition[] = [
      { name: LONG, inputSchema: schema },
      { name: DOTTED, inputSchema: schema },
    ];
    for (const protocol of ['openai-chat', 'anthropic', 'gemini'] as const) {
      const restore = createToolCallRestorer(renamed, protocol)!;
      for (const name of [LONG, DOTTED]) {
        const call = { name: wireToolName(protocol, name, undefined) };
        restore(call);
        expect(call).toEqual({ name });
      }
    }
    expect(createToolCallRestorer(renamed, 'ollama')).toBeUndefined();
    expect(plainFunctionTools(renamed, 'anthropic').map((tool) => tool.name)).toEqual([
      wireToolName('anthropic', LONG, undefined),
      wireToolName('anthropic', DOTTED, undefined),
    ]);
  });

  it('is undefined when no tool is in a namespace, freeform or renamed', () => {
    expect(createToolCallRestorer(undefined, 'openai-chat')).toBeUndefined();
    expect(createToolCallRestorer([tools[0]!], 'openai-chat')).toBeUndefined();
    expect(createToolCallRestorer([applyPatch], 'openai-chat')).toBeDefined();
  });
});
