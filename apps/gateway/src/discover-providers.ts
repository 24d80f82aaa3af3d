/**
 * With no config file: the providers found from the environment, each of their
 * models callable by its own name, and a summary of what was found and what to
 * set for more. Listing a provider's models is the one network call; it is
 * bounded by a short timeout.
 */
export interface DiscoveredProvider {
  name: string;
  api: 'openai-chat' | 'anthropic' | 'gemini' | 'ollama';
  baseURL: string;
  apiKeyEnv?: string;
  models: string[];
  /** What a model can do, where the provider says (Ollama's `/api/show` capabilities), by model name. */
  abilities?: Record<string, ModelAbilities>;
  error?: string;
}

/** Catalog fields a provider can tell for a model. */
export interface ModelAbilities {
  tools: boolean;
  vision: boolean;
  reasoning: boolean;
}

interface Candidate {
  name: DiscoveredProvider['name'];
  api: DiscoveredProvider['api'];
  baseURL: string;
  apiKeyEnv?: string;
  listPath: string;
  headers: Record<string, string>;
  pick: (body: unknown) => string[];
  /** What one listed model can do, or undefined when the provider does not say. */
  describe?: (baseURL: string, model: string, timeoutMs: number) => Promise<ModelAbilities | undefined>;
}

const ids = (list: unknown, key: string): string[] =>
  Array.isArray(list) ? list.map((entry) => (entry as Record<string, unknown>)[key]).filter((id): id is string => typeof id === 'string') : [];

/**
 * OpenAI lists every model it has: embeddings, speech, images, moderation and
 * the Responses-only ones (codex, -pro, deep research) cannot answer a chat
 * completion, and each would be a route that only ever fails.
 */
const NOT_CHAT_OPENAI = /embed|tts|whisper|transcribe|dall-e|image|moderation|davinci|babbage|realtime|audio|sora|codex|-pro(-|$)|deep-research|computer-use/i;

/** Gemini's models that generate content as text (not embeddings, speech or live audio). */
function geminiChatModels(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((entry) => {
      const { name, supportedGenerationMethods: methods } = entry as { name?: unknown; supportedGenerationMethods?: unknown };
      return typeof name === 'string' && Array.isArray(methods) && methods.includes('generateContent') && !/tts|native-audio|-live/i.test(name);
    })
    .map((entry) => (entry as { name: string }).name.replace(/^models\//, ''));
}

function candidates(env: NodeJS.ProcessEnv): { found: Candidate[]; missing: string[] } {
  const found: Candidate[] = [];
  const missing: string[] = [];
  if (env.OPENAI_API_KEY) {
    found.push({
      name: 'openai',
      api: 'openai-chat',
      baseURL: env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      listPath: '/models',
      headers: { authorization: `Bearer ${env.OPENAI_API_KEY}` },
      pick: (body) => ids((body as { data?: unknown }).data, 'id').filter((id) => !NOT_CHAT_OPENAI.test(id)),
    });
  } else missing.push('OPENAI_API_KEY');
  if (env.ANTHROPIC_API_KEY) {
    found.push({
      name: 'anthropic',
      api: 'anthropic',
      baseURL: env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com/v1',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      listPath: '/models',
      headers: { 'x-api-key': env.ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
      pick: (body) => ids((body as { data?: unknown }).data, 'id'),
    });
  } else missing.push('ANTHROPIC_API_KEY');
  if (env.GEMINI_API_KEY) {
    found.push({
      name: 'gemini',
      api: 'gemini',
      baseURL: env.GEMINI_BASE_URL ?? 'https://generativelanguage.googleapis.com/v1beta',
      apiKeyEnv: 'GEMINI_API_KEY',
      listPath: '/models',
      headers: { 'x-goog-api-key': env.GEMINI_API_KEY },
      pick: (body) => geminiChatModels((body as { models?: unknown }).models),
    });
  } else missing.push('GEMINI_API_KEY');
  const ollamaHost = env.OLLAMA_HOST ? (env.OLLAMA_HOST.includes('://') ? env.OLLAMA_HOST : `http://${env.OLLAMA_HOST}`) : 'http://127.0.0.1:11434';
  found.push({
    name: 'ollama',
    api: 'ollama',
    baseURL: ollamaHost.replace(/\/$/, ''),
    listPath: '/api/tags',
    headers: {},
    pick: (body) => ids((body as { models?: unknown }).models, 'name'),
    describe: describeOllamaModel,
  });
  return { found, missing };
}

/**
 * Ollama's `/api/show` lists a model's capabilities (`tools`, `vision`,
 * `thinking`; since Ollama 0.6): an agent client's request needs tools, and
 * asks for thinking with every turn, which a model without it refuses.
 */
async function describeOllamaModel(baseURL: string, model: string, timeoutMs: number): Promise<ModelAbilities | undefined> {
  try {
    const response = await fetch(`${baseURL}/api/show`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const capabilities = ((await response.json()) as { capabilities?: unknown }).capabilities;
    if (!Array.isArray(capabilities)) return undefined;
    return { tools: capabilities.includes('tools'), vision: capabilities.includes('vision'), reasoning: capabilities.includes('thinking') };
  } catch {
    return undefined;
  }
}

export async function discoverProviders(env: NodeJS.ProcessEnv, timeoutMs = 3000): Promise<{ providers: DiscoveredProvider[]; missing: string[] }> {
  const { found, missing } = candidates(env);
  const providers = await Promise.all(
    found.map(async (candidate): Promise<DiscoveredProvider> => {
      const base = { name: candidate.name, api: candidate.api, baseURL: candidate.baseURL, ...(candidate.apiKeyEnv ? { apiKeyEnv: candidate.apiKeyEnv } : {}) };
      try {
        const response = await fetch(candidate.baseURL + candidate.listPath, { headers: candidate.headers, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return { ...base, models: [], error: `listing models answered ${response.status}` };
        const models = candidate.pick(await response.json());
        const abilities = candidate.describe ? await describeAll(candidate, models, timeoutMs) : undefined;
        return { ...base, models, ...(abilities ? { abilities } : {}) };
      } catch (error) {
        return { ...base, models: [], error: (error as Error).name === 'TimeoutError' ? 'no answer' : 'not reachable' };
      }
    }),
  );
  return { providers, missing };
}

async function describeAll(candidate: Candidate, models: string[], timeoutMs: number): Promise<Record<string, ModelAbilities> | undefined> {
  const described = await Promise.all(models.map((model) => candidate.describe!(candidate.baseURL, model, timeoutMs)));
  const abilities: Record<string, ModelAbilities> = {};
  described.forEach((found, i) => {
    if (found) abilities[models[i]!] = found;
  });
  return Object.keys(abilities).length > 0 ? abilities : undefined;
}
