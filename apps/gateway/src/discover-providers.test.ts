import { createServer, type Server } from 'node:http';
import { parseConfig } from '@bench/gateway-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromDiscovery, discoverySummary } from './config-from-discovery';
import { discoverProviders } from './discover-providers';

// An Ollama on loopback as `ollama serve` answers: its models, and what each can do.
const SHOWN: Record<string, unknown> = {
  'qwen3:8b': { capabilities: ['completion', 'tools', 'thinking'] },
  'llava:7b': { capabilities: ['completion', 'vision'] },
};
let server: Server;
let host: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (part) => (body += part));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/openai/models') {
        const ids = [
          'gpt-5.4',
          'gpt-5.4-mini',
          'text-embedding-3-small',
          'tts-1',
          'whisper-1',
          'dall-e-3',
          'gpt-image-1',
          'omni-moderation-latest',
          'gpt-5.1-codex',
          'o3-pro',
          'gpt-4o-realtime-preview',
        ];
        res.end(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) }));
      } else if (req.method === 'GET' && req.url === '/gemini/models') {
        res.end(
          JSON.stringify({
            models: [
              { name: 'models/gemini-3-pro-preview', supportedGenerationMethods: ['generateContent', 'countTokens'] },
              { name: 'models/gemini-embedding-001', supportedGenerationMethods: ['embedContent'] },
              { name: 'models/gemini-2.5-flash-preview-tts', supportedGenerationMethods: ['generateContent'] },
              { name: 'models/imagen-4.0-generate-001', supportedGenerationMethods: ['predict'] },
            ],
          }),
        );
      } else if (req.method === 'GET' && req.url === '/api/tags') {
        res.end(JSON.stringify({ models: [{ name: 'qwen3:8b' }, { name: 'llava:7b' }, { name: 'old:1b' }] }));
      } else if (req.method === 'POST' && req.url === '/api/show') {
        const shown = SHOWN[(JSON.parse(body) as { model: string }).model];
        if (shown) res.end(JSON.stringify(shown));
        else res.writeHead(500).end('{"error":"older ollama"}');
      } else res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('discovering a local Ollama (no config file)', () => {
  it('takes each model’s abilities from /api/show, so agent clients reach the ones that call tools', async () => {
    const { providers } = await discoverProviders({ OLLAMA_HOST: host }, 2000);
    const ollama = providers.find((provider) => provider.name === 'ollama')!;
    expect(ollama.models).toEqual(['qwen3:8b', 'llava:7b', 'old:1b']);
    const config = configFromDiscovery(providers) as { models: Record<string, unknown> };
    expect(config.models).toEqual({
      'qwen3-8b': { provider: 'ollama', model: 'qwen3:8b', tools: true, vision: false, reasoning: true },
      'llava-7b': { provider: 'ollama', model: 'llava:7b', tools: false, vision: true, reasoning: false },
      'old-1b': { provider: 'ollama', model: 'old:1b' }, // its server did not say: unknown, as before
    });
    expect(() => parseConfig(config)).not.toThrow();
    expect(discoverySummary(providers, [])).toContain('found ollama: 3 model(s), each callable by its own name (1 call tools, as agent clients need)');
  });
});

describe('discovering hosted providers', () => {
  it('lists only the models that answer a chat: no embeddings, speech, images or Responses-only models', async () => {
    const env = {
      OPENAI_API_KEY: 'k',
      OPENAI_BASE_URL: `http://${host}/openai`,
      GEMINI_API_KEY: 'k',
      GEMINI_BASE_URL: `http://${host}/gemini`,
      OLLAMA_HOST: host,
    };
    const { providers } = await discoverProviders(env, 2000);
    expect(providers.find((provider) => provider.name === 'openai')?.models).toEqual(['gpt-5.4', 'gpt-5.4-mini']);
    expect(providers.find((provider) => provider.name === 'gemini')?.models).toEqual(['gemini-3-pro-preview']);
  });
});
