import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConfig, readConfigFile } from '@bench/gateway-node';
import { describe, expect, it } from 'vitest';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));

describe('the example configurations', () => {
  const files = readdirSync(examples).filter((name) => name.endsWith('.jsonc'));

  it('exist', () => {
    expect(files).toEqual(expect.arrayContaining(['two-replicas.jsonc', 'thinking-agents.jsonc', 'openai-compatible.jsonc', 'ollama.jsonc']));
  });

  it.each(files)('%s is valid and names the committed JSON Schema (two-replicas.jsonc: shares state and ledger across replicas)', (name) => {
    const raw = readConfigFile(examples + name) as Record<string, unknown>;
    expect(raw.$schema).toBe('../docs/config.schema.json');
    expect(existsSync(new URL(raw.$schema as string, `file://${examples}`))).toBe(true);
    const config = parseConfig(raw);
    expect(Object.keys(config.collections).length).toBeGreaterThan(0);
    if (name === 'two-replicas.jsonc') {
      expect(config.state).toMatch(/^redis:\/\//);
      expect(config.ledger).toMatch(/^postgres:\/\//);
      expect(Object.keys(config.keys)).toEqual(['team', 'ci']);
    }
    if (name === 'thinking-agents.jsonc') {
      expect(config.providers.openrouter?.vendor).toBe('openrouter');
      expect(config.collections.agents?.members).toEqual(['claude', 'deepseek', 'gemini', 'kimi']);
    }
    if (name === 'openai-compatible.jsonc') {
      expect(Object.values(config.providers)).toEqual([expect.objectContaining({ api: 'openai-chat', apiKeyEnv: 'OPENAI_API_KEY' })]);
    }
    if (name === 'ollama.jsonc') {
      expect(Object.values(config.providers)).toEqual([expect.objectContaining({ api: 'ollama', baseURL: 'http://127.0.0.1:11434' })]);
      expect(config.keys).toEqual({});
    }
  });
});
