import { describe, expect, it } from 'vitest';
import { createLedger } from './create-ledger';

describe('createLedger', () => {
  it('refuses an unknown scheme or an empty sqlite path, saying what it takes', async () => {
    await expect(createLedger('mysql://x')).rejects.toThrow('ledger: unknown ledger URL scheme in "mysql:…": use memory:, sqlite:PATH or postgres://…');
    await expect(createLedger('sqlite:')).rejects.toThrow('ledger: sqlite: needs a file path');
  });

  it('opens an in-memory SQLite database for sqlite::memory:', async () => {
    const ledger = await createLedger('sqlite::memory:');
    expect(await ledger.health()).toMatchObject({ ok: true, store: 'sqlite' });
    await ledger.close();
  });
});
