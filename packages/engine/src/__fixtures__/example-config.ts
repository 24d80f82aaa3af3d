/** DESIGN.md's example configuration, extended with what the tests need. */
export function exampleConfig(): Record<string, unknown> {
  return {
    server: { host: '127.0.0.1', port: 4747, cors: ['http://localhost:3000'] },
    ledger: 'memory:',
    state: 'memory:',
    providers: {
      local: { baseURL: 'http://127.0.0.1:11434/v1', api: 'openai-chat', apiKeyEnv: 'LOCAL_API_KEY' },
    },
    models: {
      m1: { provider: 'local', model: 'qwen3:8b', contextWindow: 32768, maxOutput: 8192, tools: true, vision: false, price: { input: 0.1, output: 0.4 } },
      m2: { provider: 'local', model: 'llama3:8b', contextWindow: 8192, tools: false, vision: false },
    },
    collections: {
      core: { members: ['m1', 'm2'], description: 'everyday questions', reply: 'all', merger: '', maxCalls: 5 },
      agents: { members: ['m1', 'm2'], reply: 'route', timeouts: { firstTokenMs: 5000 } },
    },
    keys: { alice: { keyEnv: 'BENCH_KEY_ALICE', collections: ['core'] } },
    aliases: { 'claude-*': 'bench/agents:route', 'gpt-5.4-nano': 'm1' },
  };
}
