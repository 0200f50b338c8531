import { byId, expectBody, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';

const LIMIT = 3;

/**
 * MAX_SUBSCRIPTIONS_PER_TENANT on the real stack: the tenant past its limit gets 409
 * SUBSCRIPTION_LIMIT_REACHED before its endpoint is challenged, concurrent creations cannot pass
 * the limit together, a batch answers per item, and another tenant is not affected.
 */
describe('REST /v1/webhooks: subscriptions per tenant', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({ receiver, tenants: 2, env: { MAX_SUBSCRIPTIONS_PER_TENANT: String(LIMIT) } });
  });
  afterAll(() => h?.close());

  const body = (path: string) => ({ body: { url: receiver.url(path), events: ['order.created'] } });
  const held = async (tenant: string) =>
    Number(
      (await h.fixtures.db.query('SELECT count(*) FROM subscriptions WHERE tenant_id = $1', [tenant])).rows[0].count,
    );

  it('refuses the subscription past the limit, without challenging its endpoint', async () => {
    const ids = [];
    for (let i = 0; i < LIMIT; i++) ids.push(expectData(await h.api.POST('/webhooks', body(`/s${i}`)), 201).id);
    const challenges = receiver.requests.length;
    const refused = await h.api.POST('/webhooks', body('/one-more'));
    expectErrorBody(refused, 409, 'SUBSCRIPTION_LIMIT_REACHED');
    expect(refused.error?.error.message).toContain(`at most ${LIMIT} subscriptions`);
    expect(receiver.requests.length).toBe(challenges);
    expect(await held(h.tenant)).toBe(LIMIT);

    // Another tenant has a limit of its own.
    expectData(await h.api.as(h.keys[1]).POST('/webhooks', body('/other')), 201);

    // Room made by a deletion is room again; a batch answers per item.
    for (const id of ids) expect((await h.api.DELETE('/webhooks/{id}', byId(id))).response.status).toBe(204);
    const items = Array.from({ length: LIMIT + 2 }, (_, i) => body(`/b${i}`).body);
    const res = expectBody(await h.api.POST('/webhooks/batch', { body: items }), 200);
    const statuses = res.data.map((r: { status: number }) => r.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 409, 409]);
    expect(
      res.data
        .filter((r: { status: number }) => r.status === 409)
        .map((r: { error: { code: string } }) => r.error.code),
    ).toEqual(['SUBSCRIPTION_LIMIT_REACHED', 'SUBSCRIPTION_LIMIT_REACHED']);
    expect(await held(h.tenant)).toBe(LIMIT);
  });

  it('lets no more than the limit through when creations race', async () => {
    const client = h.api.as(h.keys[1]);
    const already = await held(h.tenants[1]);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => client.POST('/webhooks', body(`/race${i}`))));
    const created = answers.filter((a) => a.response.status === 201).length;
    expect(created).toBe(LIMIT - already);
    answers
      .filter((a) => a.response.status !== 201)
      .forEach((a) => expectErrorBody(a, 409, 'SUBSCRIPTION_LIMIT_REACHED'));
    expect(await held(h.tenants[1])).toBe(LIMIT);
  });
});
