import { readFileSync, writeFileSync } from 'node:fs';
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

const ADMIN = 'admin-secret-key-0001';
const PLAIN = 'plain-secret-key-0002';
const asAdmin = { authorization: `Bearer ${ADMIN}` };

/** The config as a person writes it: comments above, inside and after, two-space indents. */
function commented(config: Record<string, any>): string {
  const json = JSON.stringify(config, null, 2)
    .replace('\n  "collections": {', '\n  // what callers ask for: bench/<name>\n  "collections": {')
    .replace('\n  "aliases": {', '\n  /* names agent clients send */\n  "aliases": {');
  return `// the team's gateway (edited by hand and by the dashboard)\n${json}\n// end\n`;
}

let t: TestGateway;
let file: string;
const fileText = () => readFileSync(file, 'utf8');

beforeAll(async () => {
  t = await startTestGateway({
    captureLog: true,
    env: { KEY_ADMIN: ADMIN, KEY_PLAIN: PLAIN },
    config: (base) => ({ ...base, keys: { boss: { keyEnv: 'KEY_ADMIN', admin: true }, plain: { keyEnv: 'KEY_PLAIN' } } }),
    configText: commented,
  });
  file = t.configPath!;
});
afterAll(() => t.close());

const getConfig = async (headers: Record<string, string> = asAdmin) => {
  const response = await fetch(`${t.url}/bench/config`, { headers });
  return { status: response.status, json: (await response.json()) as any };
};
const edit = (body: unknown, headers: Record<string, string> = asAdmin) => postJSON(`${t.url}/bench/config`, body, headers);
const undo = () => postJSON(`${t.url}/bench/config/undo`, '', asAdmin);
const answeredBy = async (model: string) => {
  const reply = await postJSON(`${t.url}/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'who answers?' }] }, asAdmin);
  return reply.status === 200 ? (reply.json.bench.alias as string) : reply.status;
};
/** The bytes of `text` before and after the value at `path`. */
const around = (text: string, path: Array<string | number>) => {
  const node = findNodeAtLocation(parseTree(text)!, path)!;
  return { before: text.slice(0, node.offset), after: text.slice(node.offset + node.length) };
};

describe('the config routes', () => {
  it('GET /bench/config: the file byte for byte, its object, the running config; admin keys only', async () => {
    expect((await getConfig({})).status).toBe(401);
    const plain = await getConfig({ authorization: `Bearer ${PLAIN}` });
    expect(plain.status).toBe(403);
    expect(plain.json.error.message).toContain('"admin": true');
    const { status, json } = await getConfig();
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'bench.config', path: file, text: fileText(), applied: true, undo: false, version: expect.any(String) });
    expect(json.config.collections.agents.members).toEqual(['m1', 'm2', 'm3']);
    expect(json.resolved.collections.agents).toMatchObject({ name: 'agents', reply: 'route', order: 'listed', sticky: true });
    expect(json.resolved.source).toBeUndefined();
    expect(JSON.stringify(json)).not.toContain(ADMIN); // the file names variables, never their values
  });

  it('an edit keeps every comment and every byte it did not touch, keeps the previous version, and applies at once', async () => {
    const original = fileText();
    expect(await answeredBy('bench/agents')).toBe('m1');
    const saved = await edit({ edits: [{ path: ['collections', 'agents', 'members'], value: ['m2', 'm3'] }] });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ changed: ['collections.agents.members'], restartNeeded: [], applied: true, undo: true });
    const edited = fileText();
    const was = around(original, ['collections', 'agents', 'members']);
    const is = around(edited, ['collections', 'agents', 'members']);
    expect(is.before).toBe(was.before);
    expect(is.after).toBe(was.after);
    expect(edited).toContain("// the team's gateway");
    expect(edited).toContain('/* names agent clients send */');
    expect(readFileSync(`${file}.previous`, 'utf8')).toBe(original);
    expect(await answeredBy('bench/agents')).toBe('m2');
    // What the CLI's watch does when it sees the file written: the text already runs, so nothing is applied or logged twice.
    expect(t.gateway.reloadConfig('file changed')).toEqual({ status: 'unchanged' });
    expect(t.logLines.filter((line) => /^config (saved|reloaded)/.test(String(line.msg)))).toEqual([
      expect.objectContaining({ msg: 'config saved (POST /bench/config, key boss): collections.agents.members', level: 30 }),
    ]);
  });

  it('a refused edit is a 400 naming the field and the reason, and leaves the file and the running config as they were', async () => {
    const before = fileText();
    const previous = readFileSync(`${file}.previous`, 'utf8');
    const refused = await edit({ edits: [{ path: ['collections', 'agents', 'members'], value: ['m2', 'm9'] }] });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'collections.agents.members[1]',
      message: expect.stringContaining('collections.agents.members[1]: unknown model "m9"'),
    });
    const anotherLedger = await edit({ edits: [{ path: ['ledger'], value: 'sqlite:/tmp/other.db' }] });
    expect(anotherLedger.status).toBe(400);
    expect(anotherLedger.json.error.message).toMatch(/^ledger: .*restart/);
    expect(fileText()).toBe(before);
    expect(readFileSync(`${file}.previous`, 'utf8')).toBe(previous);
    expect(await answeredBy('bench/agents')).toBe('m2');
  });

  it('bad bodies are 400s naming the field', async () => {
    const before = fileText();
    const cases: Array<[unknown, string]> = [
      [{}, 'edits'],
      [{ edits: [] }, 'edits'],
      [{ edits: [{ path: 'collections.agents' }] }, 'edits[0].path'],
      [{ edits: [{ path: [] }] }, 'edits[0].path'],
      [{ edits: [{ path: [true] }] }, 'edits[0].path[0]'],
      [{ edits: [{ path: ['ledger'], value: 'memory:', note: 'x' }] }, 'edits[0]'],
      [{ edits: [{ path: ['ledger', 'deeper'], value: 1 }] }, 'edits[0].path'],
    ];
    for (const [body, param] of cases) {
      const answer = await edit(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error.param, JSON.stringify(body)).toBe(param);
    }
    expect((await edit('{not json')).status).toBe(400);
    expect(fileText()).toBe(before);
  });

  it('an edit made on a version of the file that is no longer there is a 409, and writes nothing', async () => {
    const before = fileText();
    const stale = await edit({ edits: [{ path: ['collections', 'agents', 'members'], value: ['m3'] }], version: '0000000000000000' });
    expect(stale.status).toBe(409);
    expect(stale.json.error.param).toBe('version');
    expect(fileText()).toBe(before);
    const { json } = await getConfig();
    expect((await edit({ edits: [{ path: ['collections', 'agents', 'members'], value: ['m2', 'm3'] }], version: json.version })).status).toBe(200);
  });

  it('a value of null removes the key; undo restores the version before, and a second undo redoes', async () => {
    const before = fileText();
    expect(await answeredBy('gpt-5.4-nano')).toBe('m1');
    const removed = await edit({ edits: [{ path: ['aliases', 'gpt-5.4-nano'], value: null }] });
    expect(removed.json.changed).toEqual(['aliases.gpt-5.4-nano removed']);
    expect(fileText()).not.toContain('gpt-5.4-nano');
    expect(await answeredBy('gpt-5.4-nano')).toBe(404);
    const undone = await undo();
    expect(undone.status).toBe(200);
    expect(undone.json.changed).toEqual(['aliases.gpt-5.4-nano added']);
    expect(fileText()).toBe(before);
    expect(await answeredBy('gpt-5.4-nano')).toBe('m1');
    await undo();
    expect(fileText()).not.toContain('gpt-5.4-nano');
    await undo();
    expect(fileText()).toBe(before);
  });

  it('a key removed by an edit stops working at once', async () => {
    const models = () => fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${PLAIN}` } }).then((response) => response.status);
    expect(await models()).toBe(200);
    expect((await edit({ edits: [{ path: ['keys', 'plain'] }] })).json.changed).toEqual(['keys.plain removed']);
    expect(await models()).toBe(401);
    await undo();
    expect(await models()).toBe(200);
  });

  it('a listen field is written, kept running as it was, and named as needing a restart', async () => {
    const port = t.gateway.config.server.port;
    const saved = await edit({ edits: [{ path: ['server', 'port'], value: 4999 }] });
    expect(saved.json).toMatchObject({ changed: [], restartNeeded: ['server.port'] });
    expect(t.gateway.config.server.port).toBe(port);
    expect(fileText()).toContain('"port": 4999');
    await undo();
  });

  it('reloadConfig reads a file changed by hand: applied once, refused with the path and reason, and nothing for the same text', async () => {
    const lines = () => t.logLines.filter((line) => /^config (reloaded|not reloaded)/.test(String(line.msg))).map((line) => line.msg);
    const start = lines().length;
    const text = fileText();
    expect(t.gateway.reloadConfig('SIGHUP')).toEqual({ status: 'unchanged' });
    const agentsAre = (members: string[]) => applyEdits(text, modify(text, ['collections', 'agents', 'members'], members, {}));
    writeFileSync(file, agentsAre(['m3']));
    expect(t.gateway.reloadConfig('SIGHUP')).toMatchObject({ status: 'applied', result: { changed: ['collections.agents.members'] } });
    expect(await answeredBy('bench/agents')).toBe('m3');
    writeFileSync(file, agentsAre(['m9']));
    expect(t.gateway.reloadConfig('file changed')).toMatchObject({ status: 'refused' });
    expect(await answeredBy('bench/agents')).toBe('m3');
    const view = await getConfig();
    expect(view.json).toMatchObject({
      applied: false,
      refused: [{ path: 'collections.agents.members[0]', message: expect.stringContaining('unknown model "m9"') }],
    });
    expect(lines().slice(start)).toEqual([
      'config reloaded (SIGHUP): collections.agents.members',
      `config not reloaded (file changed) from ${file}: collections.agents.members[0]: unknown model "m9" (known: m1, m2, m3, m4, m5); the gateway goes on with the config it had`,
    ]);
    writeFileSync(file, text);
    expect(t.gateway.reloadConfig('SIGHUP').status).toBe('applied');
  });
});

describe('the config routes without a config file', () => {
  let bare: TestGateway;
  beforeAll(async () => {
    bare = await startTestGateway();
  });
  afterAll(() => bare.close());

  it('answer 409: there is no file to edit; a reload says so and changes nothing', async () => {
    const answers = [
      await fetch(`${bare.url}/bench/config`).then(async (response) => ({ status: response.status, json: (await response.json()) as any })),
      await postJSON(`${bare.url}/bench/config`, { edits: [{ path: ['ledger'], value: 'memory:' }] }),
      await postJSON(`${bare.url}/bench/config/undo`, ''),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.json.error.message).toContain('there is no config file to edit');
    }
    expect(bare.gateway.reloadConfig('SIGHUP')).toEqual({ status: 'no-file' });
  });
});
