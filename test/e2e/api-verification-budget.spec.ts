import { byId, errorOf, expectBody, expectData, expectErrorBody, MERGE_PATCH } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';

/**
 * Registration is no amplifier: the verification challenges one tenant can make Hookline send are
 * bounded by a rate and a concurrency, and beyond them the API answers 429 with Retry-After and
 * sends nothing; an alert_url passes the same challenge as url.
 */
describe('REST: URL verification is bounded per tenant, and alert_url is verified', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;

  beforeAll(async () => {
    receiver.responder = async (req) => {
      if (req.path.startsWith('/no-echo')) return { status: 200, body: 'ok' };
      if (req.path.startsWith('/slow')) await new Promise((r) => setTimeout(r, 1_500));
      return echoChallenge(req);
    };
    h = await PipelineHarness.start({
      receiver,
      tenants: 3,
      env: { ROLES: 'api', VERIFICATION_RATE_PER_MINUTE: '5', VERIFICATION_CONCURRENCY: '2' },
    });
  });
  afterAll(() => h?.close());

  const challenges = (prefix: string) =>
    receiver.requests.filter((r) => r.path.startsWith(prefix) && r.body.includes('"url_verification"'));
  const stored = async (tenant: string) =>
    (await h.fixtures.db.query('SELECT 1 FROM subscriptions WHERE tenant_id = $1', [tenant])).rowCount;

  it('verifies alert_url with the same challenge as url, on create and on a change', async () => {
    const refused = await h.api.POST('/webhooks', {
      body: { url: receiver.url('/a/hook'), events: ['*'], alert_url: receiver.url('/no-echo/a') },
    });
    expectErrorBody(refused, 422, 'URL_VERIFICATION_FAILED');
    expect(errorOf(refused).details).toEqual([
      expect.objectContaining({ field: 'alert_url', code: 'VERIFICATION_FAILED' }),
    ]);
    expect(challenges('/no-echo/a')).toHaveLength(1);
    expect(await stored(h.tenant)).toBe(0);

    const created = expectData(
      await h.api.POST('/webhooks', {
        body: { url: receiver.url('/a/hook2'), events: ['*'], alert_url: receiver.url('/a/alerts') },
      }),
      201,
    );
    expect(challenges('/a/alerts')).toHaveLength(1);
    const patched = await h.api.PATCH('/webhooks/{id}', {
      ...byId(created.id),
      body: { alert_url: receiver.url('/no-echo/b') },
      headers: MERGE_PATCH,
    });
    expectErrorBody(patched, 422, 'URL_VERIFICATION_FAILED');
    expect(errorOf(patched).details[0].field).toBe('alert_url');
    expect(challenges('/no-echo/b')).toHaveLength(1);
  });

  it('sends at most VERIFICATION_RATE_PER_MINUTE challenges for a batch, and answers its other items 429', async () => {
    // The count is per minute window: start well inside one.
    if (new Date().getSeconds() >= 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const api = h.api.as(h.keys[1]);
    const items = Array.from({ length: 8 }, (_, i) => ({ url: receiver.url(`/b/${i}`), events: ['*'] }));
    const res = expectBody(await api.POST('/webhooks/batch', { body: items }), 200);
    // Items are verified a few at a time, so which five reach the budget first is not fixed.
    const statuses = res.data.map((r: { status: number }) => r.status) as number[];
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    for (const limited of res.data.filter((r: { status: number }) => r.status === 429))
      expect(limited.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Retry after/) });
    expect(challenges('/b/')).toHaveLength(5);
    expect(await stored(h.tenants[1])).toBe(5);
    const single = await api.POST('/webhooks', { body: { url: receiver.url('/b/single'), events: ['*'] } });
    expectErrorBody(single, 429, 'RATE_LIMITED');
    expect(Number(single.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(challenges('/b/single')).toHaveLength(0);
  });

  it('runs at most VERIFICATION_CONCURRENCY challenges of a tenant at once, and answers the next 429', async () => {
    const api = h.api.as(h.keys[2]);
    const create = (i: number) => api.POST('/webhooks', { body: { url: receiver.url(`/slow/${i}`), events: ['*'] } });
    const first = [create(0), create(1)];
    await receiver.waitFor(() => challenges('/slow/').length === 2, 10_000);
    const third = await create(2);
    expectErrorBody(third, 429, 'RATE_LIMITED');
    expect(third.response.headers.get('retry-after')).toBe('1');
    expect((await Promise.all(first)).map((r) => r.response.status)).toEqual([201, 201]);
    expect(challenges('/slow/2')).toHaveLength(0);
    expectData(await create(3), 201); // a slot is free again
  });
});
