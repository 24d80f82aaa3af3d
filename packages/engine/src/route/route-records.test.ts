import { AbortedError, ConnectionError, type CallResult } from '@bench/client';
import type { Plan } from '@bench/router';
import { describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/resolved-config';
import { routeCallRecords } from './route-records';

const config = { models: {} } as unknown as GatewayConfig;
const plan = { conversation: 'c1', turn: 1, members: [], skipped: [] } as unknown as Plan;

describe('the call records of a route turn the caller left', () => {
  it('during a recovery: the cut member keeps its own failure, the continuing call it left is aborted', () => {
    const result = {
      ok: false,
      alias: 'm1',
      warnings: [],
      attempts: [
        {
          alias: 'm1',
          model: 'up-1',
          api: 'openai-chat',
          attempt: 1,
          ok: false,
          error: new ConnectionError({ alias: 'm1', beforeAnyByte: false, message: 'm1: cut' }),
          status: 200,
          seconds: 0.1,
          textChars: 16,
        },
        {
          alias: 'm2',
          model: 'up-2',
          api: 'openai-chat',
          attempt: 1,
          ok: false,
          error: new AbortedError({ alias: 'm2', message: 'm2: the caller aborted' }),
          seconds: 0.05,
        },
      ],
    } as unknown as CallResult;
    const records = routeCallRecords(config, { plan, keyName: 'local', call: 'r1', result, toolCalls: 0, aborted: true });
    expect(records.map((record) => [record.alias, record.status])).toEqual([
      ['m1', 'connection'],
      ['m2', 'aborted'],
    ]);
  });

  it('mid-stream with nothing to recover: the call it left is aborted', () => {
    const result = {
      ok: false,
      alias: 'm1',
      warnings: [],
      attempts: [
        {
          alias: 'm1',
          model: 'up-1',
          api: 'openai-chat',
          attempt: 1,
          ok: false,
          error: new ConnectionError({ alias: 'm1', beforeAnyByte: false, message: 'm1: closed' }),
          status: 200,
          seconds: 0.1,
        },
      ],
    } as unknown as CallResult;
    const [record] = routeCallRecords(config, { plan, keyName: 'local', call: 'r1', result, toolCalls: 0, aborted: true });
    expect(record).toMatchObject({ id: 'r1', alias: 'm1', status: 'aborted' });
  });
});
