import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ApiKeysService } from '../../src/modules/auth/api-keys.service.js';
import { type ApiClient, expectData } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { failingUntilHealed, HttpsReceiver } from '../support/https-receiver.js';
import { operationsEnv } from '../support/operations-seed.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const ARTIFACTS = 'test/artifacts';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The console in a real browser (Debian's Chromium through playwright-core) against the whole
 * service: sign in with the key, list subscriptions, open one and its deliveries, open an attempt,
 * start a recovery and watch it reach 100 %, redrive a dead letter. No script errors, the key never
 * in a URL, and axe-core finds nothing serious on any page.
 */
describe('console in a browser', () => {
  const receiver = new HttpsReceiver();
  let healthy = false;
  let ledgerHealed = false;
  let h: PipelineHarness;
  let key: string;
  let api: ApiClient;
  let browser: Browser;
  let page: Page;
  const scriptErrors: string[] = [];
  const urls: string[] = [];
  const subs = { shop: '', flaky: '' };
  const events = {
    order: envelope('order.created', { order_id: 'o_1', status: 'pending', total: { amount: 4200, currency: 'EUR' } }),
    payment: envelope('payment.failed', {
      payment_id: 'p_1',
      amount: { amount: 4200, currency: 'EUR' },
      failure_code: 'card_declined',
    }),
  };

  const publish = (event: object) => h.publish([event]);
  // The bar's own value, read in the page: what a user sees, not what the API says. (A polled
  // locator rather than waitForFunction, whose string evaluation the console's CSP forbids.)
  const reaches100 = async (label: string) => {
    const bar = page.locator(`progress[aria-label="${label}"]`);
    await eventually(
      async () => (await bar.evaluate((el) => (el as unknown as { value: number }).value)) === 100,
      30_000,
      `${label} at 100`,
    );
  };
  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}/console-${name}.png`, fullPage: true });
  const axe = async (name: string) => {
    await page.evaluate(AXE);
    const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // Installs Debian's chromium when missing (fresh machines) and prints its path.
    const executablePath = execFileSync('deploy/local/browser.sh', { encoding: 'utf8' }).trim();
    const flaky = failingUntilHealed('/flaky', () => healthy);
    const ledger = failingUntilHealed('/ledger', () => ledgerHealed);
    receiver.responder = (req) => (req.path === '/ledger' ? ledger(req) : flaky(req));
    h = await PipelineHarness.start({
      receiver,
      env: operationsEnv('all', {
        RETRY_SCHEDULE: '200ms',
        RETRY_JITTER_PERCENT: '0',
        LOG_LEVEL: process.env.CONSOLE_TEST_LOG ?? 'silent',
      }),
    });
    ({ api, key } = h);
    const create = async (path: string, description: string, types: string[]) =>
      expectData(await api.POST('/webhooks', { body: { url: receiver.url(path), events: types, description } }), 201)
        .id;
    subs.shop = await create('/shop', 'Orders to the shop', ['order.*']);
    subs.flaky = await create('/flaky', 'Payments to billing', ['payment.*']);
    await new Promise((r) => setTimeout(r, 1000)); // the changelog reaches the ingest stage's table
    await publish(events.order);
    await publish(events.payment);
    // Generous waits: on a busy shared machine the consumer groups can take a while to join.
    await receiver.waitFor(() => receiver.deliveries('/shop').length === 1, 60_000);
    // The payment fails twice (first attempt and the one retry) and is parked in the DLQ.
    await eventually(
      async () =>
        (await h.fixtures.db.query(`SELECT 1 FROM dead_letters WHERE subscription_id = $1`, [subs.flaky])).rowCount ===
        1,
      60_000,
      'the payment parked in the DLQ',
    );
    browser = await chromium.launch({ executablePath, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (msg) => msg.type() === 'error' && scriptErrors.push(msg.text()));
    page.on('request', (request) => urls.push(request.url()));
    page.on(
      'response',
      (response) => response.status() >= 400 && scriptErrors.push(`${response.status()} ${response.url()}`),
    );
    page.on('framenavigated', (frame) => urls.push(frame.url()));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  afterEach(() => {
    expect(scriptErrors).toEqual([]);
    expect(urls.filter((u) => u.includes(key))).toEqual([]);
  });

  it('signs in with the API key and Enter, and lists the tenant’s subscriptions', async () => {
    await page.goto(`${api.origin}/console`);
    await axe('sign-in');
    // A wrong key is refused and not kept; its 401 is the one failed request this test expects.
    await page.getByLabel('API key').fill(`hk_${randomBytes(16).toString('hex')}`);
    await page.getByLabel('API key').press('Enter');
    await page.getByRole('alert').getByText('That API key is not valid.').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(scriptErrors.filter((e) => !/401/.test(e))).toEqual([]);
    scriptErrors.length = 0;
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('API key').press('Enter');
    await page.getByRole('link', { name: 'Orders to the shop' }).waitFor();
    await page.getByRole('link', { name: 'Payments to billing' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(1);
    await page.getByRole('table', { name: 'Subscriptions' }).getByText('closed').first().waitFor();
    await shot('subscriptions');
    await axe('subscriptions');
  });

  it('opens a subscription (by keyboard) and shows its deliveries with their status codes', async () => {
    await page.getByRole('link', { name: 'Orders to the shop' }).focus();
    await page.keyboard.press('Enter');
    // The new page takes the focus to its heading, for keyboard and screen-reader users.
    await page.getByRole('heading', { name: 'Orders to the shop', level: 1 }).waitFor();
    expect(await page.locator(':focus').evaluate((el) => el.tagName)).toBe('H1');
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.locator('td.status-code', { hasText: '200' }).waitFor();
    await page.getByText('Attempts by outcome: success: 1').waitFor();
    await page.locator('.chart canvas').nth(1).waitFor(); // both charts drawn
    await shot('subscription');
    await axe('subscription');
  });

  it('sets Basic authentication and a secret header in the Authentication section, and never shows them', async () => {
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const headerValue = `hv-${randomBytes(8).toString('hex')}`;
    const section = page.getByRole('region', { name: 'Authentication' });
    await section.getByRole('combobox', { name: /^Type/ }).selectOption('basic');
    await section.getByLabel('Username', { exact: true }).fill('console-user');
    await section.getByLabel('Password', { exact: true }).fill(password);
    await section.getByRole('button', { name: 'Save and verify' }).click();
    await section.getByRole('status').getByText('Saved: the endpoint accepted the new credentials.').waitFor();
    await section.getByText('console-user').waitFor();
    // Saving sent the challenge with the new credentials.
    const challenge = receiver.requests
      .filter((r) => r.path === '/shop' && r.body.includes('url_verification'))
      .at(-1)!;
    expect(challenge.headers.authorization).toBe(`Basic ${Buffer.from(`console-user:${password}`).toString('base64')}`);
    await section.getByLabel('Header', { exact: true }).fill('X-Shop-Key');
    await section.getByLabel('Value', { exact: true }).fill(headerValue);
    await section.getByRole('button', { name: 'Save header' }).click();
    await section.getByRole('status').getByText('Header X-Shop-Key saved.').waitFor();
    await section.getByRole('button', { name: 'Remove X-Shop-Key' }).waitFor();
    const content = await page.content();
    expect(content).not.toContain(password);
    expect(content).not.toContain(headerValue);
    const document = (await (await fetch(`${api.origin}/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    await section.getByRole('button', { name: 'Test with a test event' }).click();
    const expected = document.paths['/webhooks/{id}/test-events']
      ? 'Test event sent'
      : 'This server has no test events';
    await section.getByRole('status').getByText(expected, { exact: false }).waitFor();
    await shot('authentication');
    await axe('authentication');
  });

  it('opens an attempt: the request with masked signatures, the response', async () => {
    await page.getByRole('table', { name: 'Deliveries' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Attempt 1 of order.created' }).waitFor();
    const request = page.getByRole('table', { name: 'Request headers' });
    await request.getByText(events.order.id).waitFor();
    expect(await request.textContent()).toContain('v1,••••••');
    expect(await page.getByLabel('Request body').textContent()).toContain('"order_id": "o_1"');
    await page.getByRole('region', { name: 'Response' }).getByText('200').first().waitFor();
    await shot('attempt');
    await axe('attempt');
  });

  it('starts a recovery on a subscription’s page and watches its progress bar reach 100', async () => {
    healthy = true;
    await page.getByRole('link', { name: 'Subscriptions' }).first().click();
    await page.getByRole('link', { name: 'Payments to billing' }).click();
    await page
      .getByRole('table', { name: 'Deliveries' })
      .locator('td.status-code', { hasText: '500' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Start recovery' }).click();
    const bar = page.getByRole('progressbar', { name: 'Recovery progress' });
    await bar.waitFor();
    await reaches100('Recovery progress');
    await page.getByText(/COMPLETED/).waitFor();
    await page.getByText(/matched: 1, redelivered: 1/).waitFor();
    await receiver.waitFor(() => receiver.deliveries('/flaky').length === 3, 45_000);
    await shot('recovery');
    // The README's picture (docs/console.png is a copy): the top of a subscription's page.
    await page.screenshot({ path: `${ARTIFACTS}/console-readme.png`, clip: { x: 0, y: 0, width: 1280, height: 800 } });
  }, 90_000);

  it('redrives a dead letter', async () => {
    await page.getByRole('link', { name: 'Dead letters' }).click();
    const table = page.getByRole('table', { name: 'Dead letters' });
    await table.getByText('payment.failed').waitFor();
    await axe('dead-letters');
    await table.getByRole('button', { name: `Redrive ${events.payment.id}` }).click();
    await reaches100('Redrive progress');
    await page.getByText(/redriven: 1/).waitFor();
    await receiver.waitFor(() => receiver.deliveries('/flaky').length === 4, 45_000);
    await page.getByText('No dead letters match.').waitFor(); // it left the parked list
    await shot('dead-letters');
  }, 90_000);

  it('lists the operations, runs a report and downloads it, and signing out forgets the key', async () => {
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('progressbar', { name: /Progress of recovery/ }).waitFor();
    await page.getByRole('button', { name: 'Report of the last 24 hours' }).click();
    const save = page.getByRole('button', { name: 'Download report' });
    await save.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toMatch(/^report-.+\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toMatch(/^subscription_id,event_type,attempts,/);
    // Two: the first delivery, and the test event the Authentication section sent.
    expect(csv).toContain(`${subs.shop},order.created,2,2,0,`);
    await shot('operations');
    await axe('operations');
    await page.getByRole('link', { name: 'Event types' }).click();
    await page.getByRole('heading', { name: 'Event types' }).waitFor();
    await axe('event-types');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('manages API keys with an admin key: one created and shown once, listed by prefix, revoked', async () => {
    const { key: adminKey } = await h.app.get(ApiKeysService).create(h.tenant, ['admin'], 'console admin');
    await page.getByLabel('API key').fill(adminKey);
    await page.getByLabel('API key').press('Enter');
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('deploy bot');
    await page.getByRole('checkbox', { name: 'write' }).check();
    await page.getByLabel('Expires').selectOption('30');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = (await page.getByLabel('The new key', { exact: true }).textContent())!.trim();
    expect(shown).toMatch(/^hk_/);
    expectData(await api.as(shown).GET('/webhooks'), 200);
    const table = page.getByRole('table', { name: 'API keys' });
    const row = table.getByRole('row', { name: /deploy bot/ });
    await row.getByText('read, write').waitFor();
    expect(await table.textContent()).not.toContain(shown);
    await shot('api-keys');
    await axe('api-keys');
    await page.getByRole('button', { name: 'Revoke deploy bot' }).click();
    await row.getByText('revoked').waitFor();
    await eventually(async () => (await api.as(shown).raw.get('/v1/webhooks')).status === 401, 2_000, 'refused');
    expect(urls.filter((u) => u.includes(shown) || u.includes(adminKey))).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('tests a filter edit against the latest delivered event, saves it, and sends a test event', async () => {
    // Last (its test event becomes the shop's latest delivery); signed in again.
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('API key').press('Enter');
    await page.getByRole('link', { name: 'Orders to the shop' }).click();
    await page.getByRole('heading', { name: 'Orders to the shop', level: 1 }).waitFor();
    const filter = page.getByRole('textbox', { name: /^Filter/ });
    await filter.fill('event.data.total.amount > 5000');
    // A real event after the Authentication section's test event (which is not kept): the latest delivery.
    await publish(
      envelope('order.created', { order_id: 'o_2', status: 'pending', total: { amount: 4200, currency: 'EUR' } }),
    );
    await receiver.waitFor(() => receiver.deliveries('/shop').some((r) => r.body.includes('o_2')), 30_000);
    await page.getByRole('button', { name: 'Load a recent event' }).click();
    await eventually(async () =>
      (await page.getByRole('textbox', { name: 'Event to test against' }).inputValue()).includes('o_2'),
    );
    await page.getByRole('button', { name: 'Test the filter' }).click();
    await page.getByRole('status').getByText('No match: the filter keeps this event out.').waitFor();
    await filter.fill('event.data.total.amount > 4000');
    await page.getByRole('button', { name: 'Test the filter' }).click();
    await page.getByRole('status').getByText('Matches: this event would be delivered.').waitFor();
    await page.getByRole('button', { name: 'Save filter' }).click();
    await page.getByText('event.data.total.amount > 4000', { exact: true }).first().waitFor();
    expect((await api.GET('/webhooks/{id}', { params: { path: { id: subs.shop } } })).data).toMatchObject({
      filter: 'event.data.total.amount > 4000',
    });

    await page.getByLabel('Type', { exact: true }).fill('order.created');
    // Data written in: this suite's catalog may predate the builtin types' examples.
    await page
      .getByRole('textbox', { name: /^Data/ })
      .fill(JSON.stringify({ order_id: 'o_test', status: 'pending', total: { amount: 100, currency: 'EUR' } }));
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('status')
      .getByText(/^Sent test_/)
      .waitFor();
    await receiver.waitFor(() => receiver.deliveries('/shop').some((r) => JSON.parse(r.body).test === true), 30_000);
    await axe('subscription with filter');
  });

  it('skips and redrives the blocked head of an ordered key on its subscription’s page', async () => {
    const ordering = { key: 'event.data.account', on_exhausted: 'block' as const };
    const body = { url: receiver.url('/ledger'), events: ['ledger.*'], description: 'Ledger by account', ordering };
    const id = expectData(await api.POST('/webhooks', { body }), 201).id;
    await new Promise((r) => setTimeout(r, 1000)); // the changelog reaches the ingest stage's table
    const entries = [0, 1, 2].map((n) => envelope('ledger.posted', { account: 'acct-1', n }));
    // Keyed by the account, as ordered delivery asks of producers: one partition, one order.
    const records = entries.map((e) => ({
      key: 'acct-1',
      value: JSON.stringify(e),
      headers: { 'tenant-id': h.tenant },
    }));
    await h.kafka.send(h.config.ingest.topics[0], records);
    const blockedHead = async () => {
      const keys = await api.GET('/webhooks/{id}/ordered-keys', {
        params: { path: { id }, query: { state: 'blocked' } },
      });
      return keys.data?.data[0]?.head?.event_id;
    };
    await eventually(async () => (await blockedHead()) === entries[0].id, 60_000, 'the first entry blocks its key');
    page.on('dialog', (dialog) => void dialog.accept());

    await page.getByRole('link', { name: 'Subscriptions' }).first().click();
    await page.getByRole('link', { name: 'Ledger by account' }).click();
    const keys = page.getByRole('region', { name: 'Ordered keys' });
    const table = keys.getByRole('table', { name: 'Ordered keys' });
    await table.getByText(entries[0].id).waitFor();
    await shot('ordered-keys');
    await axe('ordered keys');
    await table.getByRole('button', { name: 'Skip' }).click();
    // The key moved on: its next entry is tried, fails as well and blocks the key again.
    await eventually(async () => (await blockedHead()) === entries[1].id, 60_000, 'the second entry blocks the key');
    await keys.getByRole('button', { name: 'Refresh' }).click();
    await table.getByText(entries[1].id).waitFor();
    ledgerHealed = true;
    const healedAt = Date.now();
    await table.getByRole('button', { name: 'Redrive' }).click();
    await keys.getByText('No key is blocked.').waitFor();
    await receiver.waitFor(
      () => receiver.deliveries('/ledger').filter((r) => r.receivedAt >= healedAt).length === 2,
      30_000,
    );
    const delivered = receiver.deliveries('/ledger').filter((r) => r.receivedAt >= healedAt);
    expect(delivered.map((r) => JSON.parse(r.body).id)).toEqual([entries[1].id, entries[2].id]);
    const skipped = await h.fixtures.db.query(
      `SELECT event_id FROM dead_letters WHERE subscription_id = $1 AND reason = 'skipped'`,
      [id],
    );
    expect(skipped.rows).toEqual([{ event_id: entries[0].id }]);
    await page.getByRole('table', { name: 'Deliveries' }).getByText('skipped').first().waitFor();
  }, 120_000);
});
