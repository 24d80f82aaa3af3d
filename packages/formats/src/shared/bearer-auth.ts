/** `Authorization: Bearer <key>`, as OpenAI-compatible and Ollama servers take a key. */
export function bearerAuthHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
