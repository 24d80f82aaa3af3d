import type { Warning } from '../neutral/warning';

/**
 * Anthropic's models since Claude Opus 4.1 refuse a request that sets both
 * temperature and top_p ("cannot both be specified for this model"). Clients
 * of other protocols send both for their own models (Gemini CLI: temperature
 * 1 and topP 0.95 with every request): a translated request keeps the
 * temperature and leaves top_p out, with a warning.
 */
export function dropTopPBesideTemperature(body: Record<string, unknown>, warnings: Warning[]): void {
  if (body.temperature === undefined || body.top_p === undefined) return;
  delete body.top_p;
  warnings.push({
    code: 'dropped',
    path: 'topP',
    message: "top_p left out: Anthropic's models take a temperature or a top_p, not both (the temperature was kept)",
  });
}
