import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';

describe('parseCliOptions', () => {
  it('flags win over the environment', () => {
    expect(parseCliOptions(['--port', '0', '--config', 'a.jsonc'], { PORT: '9000', BENCH_CONFIG: 'b.jsonc' })).toEqual({
      configPath: 'a.jsonc',
      port: 0,
      demo: false,
      help: false,
      version: false,
    });
  });

  it('takes PORT and BENCH_CONFIG from the environment when no flag is given', () => {
    expect(parseCliOptions([], { PORT: '9000', BENCH_CONFIG: 'b.jsonc' })).toMatchObject({ configPath: 'b.jsonc', port: 9000 });
    expect(parseCliOptions(['--demo', '--host', '0.0.0.0'], {})).toMatchObject({ demo: true, host: '0.0.0.0' });
  });

  it('takes the flags after a leading "--", as pnpm start -- … passes them', () => {
    expect(parseCliOptions(['--', '--port', '0', '--demo'], {})).toMatchObject({ port: 0, demo: true });
  });

  it('refuses a port that is not a port, and unknown flags', () => {
    expect(() => parseCliOptions(['--port', 'eighty'], {})).toThrow('--port must be a whole number from 0 to 65535, not "eighty"');
    expect(() => parseCliOptions([], { PORT: '70000' })).toThrow('PORT must be a whole number');
    expect(() => parseCliOptions(['--verbose'], {})).toThrow(/verbose/);
  });
});
