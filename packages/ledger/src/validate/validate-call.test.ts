import { describe, expect, it } from 'vitest';
import { validateCall } from './validate-call';
import { validateTurn } from './validate-turn';

const good = { id: 'p1.1', purpose: 'seat', alias: 'm1', status: 'ok' };

describe('validateCall and validateTurn', () => {
  it('accept well-formed records as they are', () => {
    expect(validateCall(good)).toBe(good);
    const turn = { conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', tried: [{ alias: 'm2', error: '429' }] };
    expect(validateTurn(turn)).toBe(turn);
  });

  it.each([
    [{ ...good, id: '' }, 'call.id: must be a non-empty string, got ""'],
    [{ ...good, status: undefined }, 'call.status: must be a non-empty string, got undefined'],
    [{ ...good, time: -5 }, 'call.time: must be a finite number ≥ 0 when present, got number -5'],
    [{ ...good, usage: { outputTokens: 1.5 } }, 'call.usage.outputTokens: must be a whole number ≥ 0 when present, got number 1.5'],
    [{ ...good, price: { input: 1 } }, 'call.price.output: is required in a price'],
    [
      { ...good, price: { input: 1, output: 2, longContext: { input: 2, output: 4 } } },
      'call.price.longContext.above: is required: the input tokens past which the tier applies',
    ],
    [{ ...good, price: { input: 1, output: 2, longContext: { above: 200_000, input: 2 } } }, 'call.price.longContext.output: is required in a price'],
    [
      { ...good, price: { input: 1, output: 2, longContext: { above: 2.5e5, input: 2, output: 4, cacheRead: -1 } } },
      'call.price.longContext.cacheRead: must be a finite number ≥ 0 when present, got number -1',
    ],
    [{ ...good, warnings: ['ok', 3] }, 'call.warnings[1]: must be a non-empty string, got number 3'],
    [{ ...good, collection: 7 }, 'call.collection: must be a string when present, got number 7'],
    [{ ...good, collection: 'c', providerKey: null }, 'call.providerKey: must be a string when present, got null'],
    [{ ...good, usage: { inputTokens: 3, cacheWrite1hTokens: -1 } }, 'call.usage.cacheWrite1hTokens: must be a whole number ≥ 0 when present, got number -1'],
    [{ ...good, price: { input: 1, output: 2, cacheWrite: Number.NaN } }, 'call.price.cacheWrite: must be a finite number ≥ 0 when present, got number NaN'],
    [{ ...good, price: { input: '1', output: 2 } }, 'call.price.input: must be a finite number ≥ 0 when present, got "1"'],
  ])('refuses a bad call field: %j', (input, message) => {
    expect(() => validateCall(input)).toThrow(message);
  });

  it.each([
    [{ conversation: 'c1', turn: 0, alias: 'm1', status: 'ok' }, 'turn.turn: must be a whole number ≥ 1, got number 0'],
    [{ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', tried: [{ error: 'x' }] }, 'turn.tried[0].alias: must be a non-empty string, got undefined'],
    [{ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', tried: 'm2' }, 'turn.tried: must be an array, got "m2"'],
    [{ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', tried: [{ alias: 'm2' }, []] }, 'turn.tried[1]: must be an object, got an array'],
    [
      { conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', tried: [{ alias: 'm2', error: 5 }] },
      'turn.tried[0].error: must be a string when present, got number 5',
    ],
    [{ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', finishReason: false }, 'turn.finishReason: must be a string when present, got boolean false'],
    [
      { conversation: 'c1', turn: 1, alias: 'm1', status: 'ok', usage: { outputTokens: 2.5 } },
      'turn.usage.outputTokens: must be a whole number ≥ 0 when present, got number 2.5',
    ],
  ])('refuses a bad turn field: %j', (input, message) => {
    expect(() => validateTurn(input)).toThrow(message);
  });
});
