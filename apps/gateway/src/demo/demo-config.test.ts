import { parseConfig } from '@bench/gateway-node';
import { describe, expect, it } from 'vitest';
import { demoConfig } from './demo-config';

describe('demoConfig', () => {
  it("is a valid config that keeps transcripts, so the dashboard shows the demo's prompts and answers", () => {
    const config = parseConfig(demoConfig({ baseURL: 'http://127.0.0.1:1/v1' }));
    expect(config.transcripts).toEqual({ keep: '7d', keepMs: 7 * 86_400_000 });
  });
});
