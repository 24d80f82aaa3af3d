/** The five wire protocols bench speaks, as named in config (`api`) and in codecs. */
export const PROTOCOLS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'ollama'] as const;

export type Protocol = (typeof PROTOCOLS)[number];
