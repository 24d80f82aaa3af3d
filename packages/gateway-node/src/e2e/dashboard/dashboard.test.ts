import OpenAI from 'openai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './chromium';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';
import { LAPTOP, loggedInContext, PHONE, type PageTrouble, screenshot, watch } from './dashboard-pages';

const haveChromium = chromiumAvailable();

describe.skipIf(!haveChromium)('the dashboard in a real browser, against a real gateway', () => {
  let t: DashboardGateway;
  let browser: Browser;
  let admin: BrowserContext;
  let openai: OpenAI;
  const trouble: PageTrouble = { problems: [] };
  const ui = (path = '') => `${t.url}/bench/ui/${path}`;
  const newPage = async (context = admin) => watch(await context.newPage(), trouble);

  const askPanel = async (question: string) => {
    const reply = await openai.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: question }] });
    return (reply as unknown as { bench: { panel: string; seats: Array<{ alias: string; call: string; status: string }> } }).bench;
  };

  /** A verdict posted as a script would, with the admin key. */
  const judge = async (call: string, useful: boolean) => {
    const response = await fetch(`${t.url}/bench/verdict`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}`, 'content-type': 'application/json' },
      body: JSON.stringify({ call, useful }),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startDashboardGateway();
    browser = await launchChromium();
    admin = await loggedInContext(browser, t.url, DASHBOARD_KEYS.me);
    openai = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: DASHBOARD_KEYS.alice, maxRetries: 0 });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(() => {
    const problems = trouble.problems.splice(0);
    expect(problems).toEqual([]);
  });

  it('refuses a plain key, and logs in with an admin key into an HttpOnly session cookie', async () => {
    const context = await browser.newContext({ viewport: LAPTOP, colorScheme: 'light' });
    const page = await newPage(context);
    await page.goto(ui());
    const keyField = page.getByLabel('Admin key');
    await keyField.waitFor();
    await screenshot(page, 'login');

    await keyField.fill(DASHBOARD_KEYS.alice);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-error').filter({ hasText: '"admin": true' }).waitFor();
    expect(await context.cookies()).toEqual([]);

    await keyField.fill(DASHBOARD_KEYS.me);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'bench_session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie!.value).not.toContain(DASHBOARD_KEYS.me);
    await context.close();
  });

  it('shows calls, cost and times per model over time, and each collection with its members’ health', async () => {
    await askPanel('What is the capital of France?');
    const page = await newPage();
    await page.goto(ui());
    await page.locator('[data-testid="series-table"] th', { hasText: 'm1' }).waitFor();
    expect(await page.locator('.chart canvas').count()).toBeGreaterThanOrEqual(6);
    for (const alias of ['m1', 'm2', 'm3']) await page.locator(`[data-collection="core"] [data-member="${alias}"]`).waitFor();
    await page.locator('[data-collection="core"] [data-member="m1"]', { hasText: 'ready' }).waitFor();

    await page.getByRole('button', { name: 'per key' }).click();
    await page.locator('[data-testid="series-table"] th', { hasText: 'alice' }).waitFor();
    await page.getByRole('button', { name: 'per model' }).click();
    await page.getByRole('button', { name: 'Last hour' }).click();
    expect(await page.getByRole('button', { name: 'Last hour' }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-testid="series-table"] th', { hasText: 'm1' }).waitFor();
    await page.close();
  });

  it('shows a panel run through the API as it lands, its seats side by side', async () => {
    const page = await newPage();
    await page.goto(ui('panels'));
    await page.getByRole('heading', { name: 'Panels' }).waitFor();
    await page.getByTestId('panel-list').waitFor();

    const bench = await askPanel('Name one prime number.');
    const link = page.locator(`a[href="/bench/ui/panels/${bench.panel}"]`);
    await link.waitFor(); // no reload: the live events brought it
    await link.click();
    await page.getByRole('heading', { name: `Panel ${bench.panel}` }).waitFor();
    for (const alias of ['m1', 'm2', 'm3']) {
      await page.locator(`[data-seat="${alias}"]`, { hasText: 'heard: Name one prime number.' }).waitFor();
    }
    await screenshot(page, 'panel');
    await page.close();
  });

  it('records a verdict from its button, and the record on screen moves', async () => {
    const bench = await askPanel('Is water wet?');
    const m1 = bench.seats.find((seat) => seat.alias === 'm1')!;
    const page = await newPage();
    await page.goto(ui(`panels/${bench.panel}`));
    const useful = page.getByTestId('useful-m1');
    await useful.waitFor();
    const before = Number(await useful.textContent());

    const seat = page.locator(`[data-seat="m1"]`);
    await seat.getByLabel(`Note on ${m1.call}`).fill('clear and right');
    await seat.getByRole('button', { name: /^✓ Useful/ }).click();
    await page
      .getByTestId('useful-m1')
      .filter({ hasText: String(before + 1) })
      .waitFor();
    await seat.getByText('Judged useful: “clear and right”').waitFor();
    expect(await seat.getByRole('button', { name: /^✓ Useful/ }).getAttribute('aria-pressed')).toBe('true');

    const stored = await admin.request.get(`${t.url}/bench/calls/${encodeURIComponent(m1.call)}`);
    expect((await stored.json()).call.verdict).toMatchObject({ useful: true, note: 'clear and right' });
    await page.close();
  });

  it('shows an agent conversation turn by turn, with the failover and its reason, and a verdict per turn', async () => {
    const system = 'You are a coding agent.';
    const first = [
      { role: 'system' as const, content: system },
      { role: 'user' as const, content: 'List the files.' },
    ];
    const one = await openai.chat.completions.create({ model: 'bench/agents', messages: first });
    const conversation = (one as unknown as { bench: { conversation: string } }).bench.conversation;
    await openai.chat.completions.create({
      model: 'bench/agents',
      messages: [...first, { role: 'assistant', content: one.choices[0]!.message.content ?? '' }, { role: 'user', content: 'Now read the first one.' }],
    });

    const page = await newPage();
    await page.goto(ui('conversations'));
    await page.locator(`a[href="/bench/ui/conversations/${conversation}"]`).click();
    await page.locator('[data-turn="2"]').waitFor();
    const turns = page.locator('[data-turn]');
    expect(await turns.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-turn')))).toEqual(['1', '2']);
    await page.locator('[data-turn="1"] .failovers', { hasText: 'm4' }).waitFor();
    await page.locator('[data-turn="2"]', { hasText: 'heard: Now read the first one.' }).waitFor();
    await page
      .locator('[data-turn="2"]')
      .getByRole('button', { name: /^✗ Not useful/ })
      .click();
    await page.locator('[data-turn="2"]').getByText('Judged not useful').waitFor();
    await screenshot(page, 'conversation');
    await page.close();
  });

  it('filters the panels by member, key and verdict, from the URL and from the keyboard', async () => {
    const judged = await askPanel('A panel someone judged.');
    const open = await askPanel('A panel nobody judged yet.');
    await judge(judged.seats[0]!.call, true);
    const page = await newPage();
    const listed = (panel: string) => page.locator(`[data-panel="${panel}"]`);

    // A shared link opens the filtered view, its form showing the filter.
    await page.goto(ui('panels?verdict=needed&keyName=alice'));
    await listed(open.panel).waitFor();
    expect(await listed(judged.panel).count()).toBe(0);
    expect(await page.getByLabel('Verdict').inputValue()).toBe('needed');
    expect(await page.getByLabel('Key').inputValue()).toBe('alice');

    // With the keyboard only: the verdict select moved by an arrow key, then Enter in the key field applies.
    await page.getByLabel('Verdict').focus();
    await page.keyboard.press('ArrowUp'); // needs one → has a verdict
    await page.getByLabel('Key').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/verdict=given/);
    await listed(judged.panel).waitFor();
    expect(await listed(open.panel).count()).toBe(0);

    await page.getByLabel('Member').selectOption('m4'); // m4 sits on no panel
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/model=m4/);
    await page.getByText('No panel matches.').waitFor();
    await page.getByRole('link', { name: 'Clear' }).click();
    await listed(open.panel).waitFor();
    await page.close();
  });

  it('filters the conversations by verdict, model and key, kept in the URL', async () => {
    const start = (system: string) =>
      openai.chat.completions.create({
        model: 'bench/agents',
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: 'Start.' },
        ],
      }) as Promise<unknown>;
    const judged = ((await start('Agent one.')) as { bench: { conversation: string; call: string } }).bench;
    const open = ((await start('Agent two.')) as { bench: { conversation: string } }).bench;
    await judge(judged.call, false);
    const page = await newPage();
    const listed = (conversation: string) => page.locator(`[data-conversation="${conversation}"]`);

    await page.goto(ui('conversations?verdict=given&model=m1'));
    await listed(judged.conversation).waitFor();
    expect(await listed(open.conversation).count()).toBe(0);

    await page.getByLabel('Verdict').selectOption('needed');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/verdict=needed/);
    await listed(open.conversation).waitFor();
    expect(await listed(judged.conversation).count()).toBe(0);

    await page.getByLabel('Key').fill('me');
    await page.getByLabel('Key').press('Enter');
    await page.waitForURL(/keyName=me/);
    await page.getByText('No conversation matches.').waitFor();
    await page.reload(); // the filter lives in the URL
    await page.getByText('No conversation matches.').waitFor();
    expect(await page.getByLabel('Key').inputValue()).toBe('me');
    await page.close();
  });

  it('shows cache reads on the overview, and the member that cools down after its rate limits', async () => {
    t.upstream.script('up-2', { answer: { text: 'from the cache', usage: { inputTokens: 1000, outputTokens: 4, cachedInputTokens: 800 } } });
    try {
      await askPanel('Read from the cache.');
    } finally {
      t.upstream.script('up-2', {});
    }
    await openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'Cool m4 down.' }] });
    const page = await newPage();
    await page.goto(ui());
    await page.locator('[data-testid="series-table"] tr', { hasText: 'm2' }).locator('td').last().filter({ hasText: '800' }).waitFor();
    await page
      .locator('.figure', { hasText: 'Cache reads' })
      .filter({ hasText: /[^\d,]800 \(/ })
      .waitFor();
    await page.locator('[data-collection="agents"] [data-member="m4"]', { hasText: 'cooling down' }).waitFor();
    await page.locator('[data-collection="agents"] [data-member="m1"]', { hasText: 'ready' }).waitFor();
    await page.close();
  });

  it("shows a shadow's answer side by side with the turn's, arriving live after the turn", async () => {
    let release = () => {};
    t.upstream.script('up-2', { answer: { text: 'the shadow answers too' }, holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    try {
      const reply = await openai.chat.completions.create({ model: 'bench/shadowed', messages: [{ role: 'user', content: 'Shadow me.' }] });
      const conversation = (reply as unknown as { bench: { conversation: string } }).bench.conversation;
      const page = await newPage();
      await page.goto(ui(`conversations/${conversation}`));
      const turn = page.locator('[data-turn="1"]');
      await turn.getByText('heard: Shadow me.').waitFor();
      expect(await turn.locator('[data-shadow]').count()).toBe(0); // held: not recorded yet
      release();
      const shadow = turn.locator('[data-shadow="m2"]');
      await shadow.getByText('the shadow answers too').waitFor(); // no reload: the shadow's call event brought it
      const answer = await turn.locator('.side-by-side > div').first().boundingBox();
      const beside = await shadow.boundingBox();
      expect(beside!.x).toBeGreaterThan(answer!.x + answer!.width - 1); // to the right, on a laptop
      expect(Math.abs(beside!.y - answer!.y)).toBeLessThan(2);
      await screenshot(page, 'conversation-shadow');
      await page.close();
    } finally {
      release();
      t.upstream.script('up-2', {});
    }
  });

  it("edits a model's declared capabilities: written to the file, and the next request uses them", async () => {
    const image = { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${Buffer.alloc(64, 1).toString('base64')}` } };
    const askM3 = () =>
      openai.chat.completions.create({ model: 'm3', messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }] });
    await expect(askM3()).rejects.toMatchObject({ status: 400 }); // m3 does not say it takes images
    const page = await newPage();
    await page.goto(ui('models'));
    const editor = page.locator('[data-model-editor="m3"]');
    await editor.getByLabel('Vision').selectOption('yes');
    await editor.getByRole('button', { name: 'Save m3' }).click();
    await page.getByTestId('config-saved').waitFor();
    expect(t.configText()).toMatch(/"model": "up-3",[^}]*"vision": true/);
    await page.locator('[data-testid="models-table"] [data-model="m3"] [data-capability="vision"]', { hasText: 'yes' }).waitFor();
    expect((await askM3()).choices[0]!.message.content).toContain('What is this?');
    await page.close();
  });

  it('filters and pages the calls, links their export, and adds new calls live', async () => {
    const page = await newPage();
    await page.goto(ui('calls'));
    await page.getByLabel('Model').selectOption('m1');
    await page.getByLabel('Purpose').selectOption('seat');
    await page.getByLabel('Key').fill('alice');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/model=m1.*keyName=alice/);
    // The unfiltered rows stay on screen until the filtered page arrives: wait for it, not for any row.
    const shownModels = async () => new Set(await page.locator('[data-testid="calls-table"] tbody tr td:nth-child(5)').allTextContents());
    await expect.poll(shownModels, { timeout: 10_000 }).toEqual(new Set(['m1']));

    const bench = await askPanel('A live one.');
    const m1 = bench.seats.find((seat) => seat.alias === 'm1')!;
    await page.locator(`tr.fresh[data-call="${m1.call}"]`).waitFor();
    expect(await page.locator(`tr[data-call="${bench.seats.find((s) => s.alias === 'm3')!.call}"]`).count()).toBe(0);

    const csv = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csv).toContain('/bench/calls/export?format=csv');
    const exported = await admin.request.get(`${t.url}${csv}`);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(m1.call);
    await screenshot(page, 'calls');
    await page.close();
  });

  it('pages through the calls, older and back to newer', async () => {
    await askPanel('One for the pages.');
    await askPanel('Two for the pages.');
    const page = await newPage();
    await page.goto(ui('calls?purpose=seat&limit=2'));
    const rows = page.locator('[data-testid="calls-table"] tbody tr');
    const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-call')));
    await rows.nth(1).waitFor();
    const first = await ids();
    expect(first).toHaveLength(2);

    await page.getByRole('button', { name: 'Older →' }).click();
    await page.getByText('page 2').waitFor();
    await page.waitForFunction((shown) => document.querySelector('[data-testid="calls-table"] tbody tr')?.getAttribute('data-call') !== shown, first[0]);
    const second = await ids();
    expect(second).toHaveLength(2);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    await page.getByRole('button', { name: '← Newer' }).click();
    await page.getByText('page 1').waitFor();
    await page.waitForFunction((shown) => document.querySelector('[data-testid="calls-table"] tbody tr')?.getAttribute('data-call') === shown, first[0]);
    expect(await ids()).toEqual(first);
    await page.close();
  });

  it('saves a collection edit into the file, keeping its comment, and the next request uses it', async () => {
    const page = await newPage();
    await page.goto(ui('models'));
    await page.locator('[data-testid="models-table"] [data-model="m1"]').waitFor();
    const editor = page.locator('[data-editor="core"]');
    await editor.getByRole('checkbox', { name: 'm3' }).uncheck();
    await screenshot(page, 'models');
    await editor.getByRole('button', { name: 'Save core' }).click();
    await page.getByTestId('config-saved').waitFor();

    expect(t.configText()).toMatch(/^\/\/ bench, as the dashboard's browser tests run it/);
    const bench = await askPanel('Who answers now?');
    expect(bench.seats.map((seat) => seat.alias).sort()).toEqual(['m1', 'm2']);
    await page.close();
  });

  it('shows a refused edit with its field and reason, leaves the file as it was, and undoes the last change', async () => {
    const page = await newPage();
    await page.goto(ui('models'));
    const editor = page.locator('[data-editor="agents"]');
    await editor.waitFor();
    const before = t.configText();
    await editor.getByRole('checkbox', { name: 'm4' }).uncheck();
    await editor.getByRole('checkbox', { name: 'm1' }).uncheck();
    await editor.getByRole('button', { name: 'Save agents' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved.' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/collections\.agents\.members.*at least one member/);
    expect(t.configText()).toBe(before);

    await page.getByRole('button', { name: 'Undo last change' }).click();
    await page.getByTestId('config-saved').waitFor();
    const bench = await askPanel('And now?');
    expect(bench.seats.map((seat) => seat.alias).sort()).toEqual(['m1', 'm2', 'm3']);
    await page.close();
  });

  it("edits a collection's reply mode and merger, and its members and their order, each applied to the next request and undone", async () => {
    const page = await newPage();
    await page.goto(ui('models'));
    const core = page.locator('[data-editor="core"]');
    await core.getByLabel('Reply mode').selectOption('merged');
    await core.getByLabel('Merger').selectOption('m3');
    await core.getByRole('button', { name: 'Save core' }).click();
    await page.getByTestId('config-saved').waitFor();
    const merged = (await askPanel('Merge us.')) as unknown as { reply: string; merger: { alias: string } };
    expect([merged.reply, merged.merger.alias]).toEqual(['merged', 'm3']);
    await page.getByRole('button', { name: 'Undo last change' }).click();
    await page.getByTestId('config-saved').waitFor();
    expect((await askPanel('All of us again.')) as unknown as { reply: string }).toMatchObject({ reply: 'all' });

    // shadowed has m1 alone: m3 added, moved first and the order made a listed chain, m3 answers a new conversation.
    const shadowed = page.locator('[data-editor="shadowed"]');
    await shadowed.getByRole('checkbox', { name: 'm3' }).check();
    await shadowed.getByRole('button', { name: 'Move m3 up' }).click();
    await shadowed.getByLabel('Order').selectOption('listed');
    await shadowed.getByRole('button', { name: 'Save shadowed' }).click();
    await page.getByTestId('config-saved').waitFor();
    expect(t.configText()).toMatch(/"shadowed": \{\s*"members": \[\s*"m3",\s*"m1"\s*\]/);
    const routed = await openai.chat.completions.create({ model: 'bench/shadowed', messages: [{ role: 'user', content: 'Who is first?' }] });
    expect((routed as unknown as { bench: { alias: string } }).bench.alias).toBe('m3');
    await page.getByRole('button', { name: 'Undo last change' }).click();
    await page.getByTestId('config-saved').waitFor();
    expect(t.configText()).toMatch(/"shadowed": \{\s*"members": \[\s*"m1"\s*\]/);
    await page.close();
  });

  it('follows the system theme, keeps the toggle’s choice, and reads on a phone', async () => {
    await askPanel('Light or dark?');
    const dark = await loggedInContext(browser, t.url, DASHBOARD_KEYS.me, { colorScheme: 'dark' });
    const page = await newPage(dark);
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.goto(ui());
    await page.locator('.chart canvas').first().waitFor();
    expect(await background()).toBe('rgb(17, 19, 23)');
    await screenshot(page, 'overview-dark');

    await page.getByTestId('theme-toggle').click();
    expect(await background()).toBe('rgb(247, 247, 248)');
    await page.reload();
    await page.locator('[data-testid="series-table"] th', { hasText: 'm1' }).waitFor();
    expect(await background()).toBe('rgb(247, 247, 248)');
    // Taken here, late in the run, so that the README's picture has the calls of every test before it.
    await screenshot(page, 'overview');
    await dark.close();

    const phone = await loggedInContext(browser, t.url, DASHBOARD_KEYS.me, { viewport: PHONE, isMobile: true, hasTouch: true });
    const small = await newPage(phone);
    await small.goto(ui('calls'));
    await small.locator('[data-testid="calls-table"] tbody tr').first().waitFor();
    // Wide tables scroll inside their box; the page itself never scrolls sideways.
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(small, 'calls-phone');
    for (const list of ['panels', 'conversations']) {
      await small.goto(ui(list));
      await small.getByRole('button', { name: 'Apply' }).waitFor(); // the filters wrap on a phone
      expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await phone.close();
  });

  it('works with the keyboard: a skip link first, visible focus, buttons reached and pressed with keys', async () => {
    const page = await newPage();
    await page.goto(ui('panels'));
    await page.getByTestId('panel-list').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return { tag: element.tagName, testid: element.dataset.testid ?? null, outline: getComputedStyle(element).outlineStyle };
      });
    expect(await focused()).toMatchObject({ tag: 'SELECT', outline: 'solid' }); // the first filter

    // From the top of the page, Tab reaches the theme toggle (a real button) and Enter presses it.
    await page.getByRole('link', { name: 'bench', exact: true }).focus();
    let reached = false;
    for (let presses = 0; presses < 12 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = (await focused()).testid === 'theme-toggle';
    }
    expect(await focused()).toEqual({ tag: 'BUTTON', testid: 'theme-toggle', outline: 'solid' });
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? null);
    expect(await theme()).toBe(null);
    await page.keyboard.press('Enter');
    expect(await theme()).toBe('dark');
    await page.keyboard.press('Enter');
    expect(await theme()).toBe('light');
    await page.close();
  });
});

describe.skipIf(!haveChromium)('the dashboard when transcripts are off', () => {
  let t: DashboardGateway;
  let browser: Browser;
  const trouble: PageTrouble = { problems: [] };

  beforeAll(async () => {
    t = await startDashboardGateway({ transcripts: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows everything but the text, and says how to keep it', async () => {
    const openai = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: DASHBOARD_KEYS.alice, maxRetries: 0 });
    const reply = await openai.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'A secret question.' }] });
    const panel = (reply as unknown as { bench: { panel: string } }).bench.panel;
    const context = await loggedInContext(browser, t.url, DASHBOARD_KEYS.me);
    const page: Page = watch(await context.newPage(), trouble);
    await page.goto(`${t.url}/bench/ui/panels/${panel}`);
    await page.getByTestId('transcripts-off').filter({ hasText: '"transcripts": { "keep": "30d" }' }).waitFor();
    await page.locator('[data-seat="m1"]', { hasText: 'text not kept' }).waitFor();
    await page.locator('[data-seat="m1"]', { hasText: 'ok' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('A secret question.');
    expect(trouble.problems).toEqual([]);
    await context.close();
  });
});
