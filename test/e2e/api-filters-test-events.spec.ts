import { Webhook } from 'standardwebhooks';
import { RawClient } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge } from '../support/https-receiver.js';
import { eventually } from '../support/pipeline-fixtures.js';

const MERGE = { 'content-type': 'application/merge-patch+json' };

/** Filters through the REST API (validation, filter tests) and test events, end to end. */
describe('REST: subscription filters, filter tests and test events', () => {
  let h: PipelineHarness;
  let api: RawClient;
  const secret = 'whsec_dGVzdC1ldmVudHMtc2VjcmV0LTEyMzQ1Njc4OTA=';

  beforeAll(async () => {
    // With the retry tiers running: a test event's failure would be retried if it were not a test.
    h = await PipelineHarness.start({ env: { ROLES: 'api,delivery,retry' } });
    api = new RawClient(h.baseUrl, h.key);
  });
  afterAll(() => h?.close());

  const create = (path: string, filter?: unknown) =>
    api.request('POST', '/v1/webhooks', {
      body: { url: h.receiver.url(path), events: ['order.*'], secret, ...(filter === undefined ? {} : { filter }) },
    });

  it('refuses a filter that does not compile, on create and PATCH, naming its position', async () => {
    const bad = await create('/bad', 'event.data.amount >');
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([
      {
        field: 'filter',
        code: 'INVALID_FILTER',
        message: expect.stringMatching(/^line 1, column 19: syntax error/),
        position: { offset: 18, line: 1, column: 19 },
      },
    ]);
    const created = await create('/good', "event.data.total.amount > 1000 && event.data.status == 'paid'");
    expect(created.status).toBe(201);
    expect(created.body.filter).toBe("event.data.total.amount > 1000 && event.data.status == 'paid'");
    const id = created.body.id as string;
    const patched = await api.request('PATCH', `/v1/webhooks/${id}`, {
      raw: JSON.stringify({ filter: 'nope(1)' }),
      headers: MERGE,
    });
    expect(patched.status).toBe(422);
    expect(patched.body.error.details[0]).toMatchObject({ field: 'filter', position: { offset: 0 } });
    const removed = await api.request('PATCH', `/v1/webhooks/${id}`, { raw: '{"filter":null}', headers: MERGE });
    expect(removed.status).toBe(200);
    expect(removed.body.filter).toBeNull();
  });

  it('answers what a filter decides for an event, and why not when it fails on it', async () => {
    const event = { type: 'order.created', data: { total: { amount: 1500 }, status: 'paid' } };
    const test = (filter: string, e: object = event) =>
      api.request('POST', '/v1/webhooks/filter-tests', { body: { filter, event: e } });
    expect((await test('event.data.total.amount > 1000')).body).toEqual({ matches: true });
    expect((await test("event.data.status == 'refunded'")).body).toEqual({ matches: false });
    const failed = await test('event.data.coupon.code == "X"');
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({
      matches: false,
      error: { message: expect.stringMatching(/coupon/), position: expect.any(Object) },
    });
    expect((await test('event.data.total.amount >')).status).toBe(422);

    const created = await create('/tested', 'event.data.total.amount > 1000');
    const id = created.body.id as string;
    const ofSubscription = (body: object) => api.request('POST', `/v1/webhooks/${id}/filter-tests`, { body });
    expect((await ofSubscription({ event })).body).toEqual({ matches: true, type_matches: true });
    expect((await ofSubscription({ event: { ...event, type: 'payment.failed' } })).body).toEqual({
      matches: false,
      type_matches: false,
    });
    expect((await ofSubscription({ event, filter: 'event.data.total.amount > 2000' })).body).toEqual({
      matches: false,
      type_matches: true,
    });
  });

  it('sends a test event signed as any delivery, once, and logs it with the test mark', async () => {
    const created = await create('/test-events', 'event.data.total.amount > 1000000');
    const id = created.body.id as string;
    const data = { order_id: 'o-test', status: 'pending', total: { amount: 1200, currency: 'EUR' } };
    const sent = await api.request('POST', `/v1/webhooks/${id}/test-events`, { body: { type: 'order.created', data } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ subscription_id: id, type: 'order.created', filter: { matches: false } });
    const eventId = sent.body.event_id as string;
    expect(sent.headers.get('location')).toBe(`/v1/events/${eventId}/deliveries`);
    await eventually(() => h.receiver.deliveries('/test-events').length > 0, 30_000, 'the test event');
    const [delivery] = h.receiver.deliveries('/test-events');
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({
      id: eventId,
      type: 'order.created',
      data,
      test: true,
    });
    await eventually(
      async () => (await api.request('GET', `/v1/events/${eventId}/deliveries`)).body?.data?.length === 1,
      15_000,
      'the attempt logged',
    );
    const log = await api.request('GET', `/v1/events/${eventId}/deliveries`);
    expect(log.body.data[0]).toMatchObject({ subscription_id: id, trigger: 'test', outcome: 'success' });

    const refused = await api.request('POST', `/v1/webhooks/${id}/test-events`, { body: { type: 'payment.failed' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0]).toMatchObject({ field: 'type', code: 'NOT_SUBSCRIBED' });

    // No type named: the first type (by name) the subscription receives that has an example.
    // Asked by prefix: the shared test catalog holds more than one page of other suites' types.
    const catalog = await api.request('GET', '/v1/event-types?prefix=order.&limit=100');
    const withExample = (
      catalog.body.data as { type: string; examples?: unknown[]; schema?: { examples?: unknown[] } }[]
    )
      .filter((t) => t.type.startsWith('order.') && (t.examples?.length || t.schema?.examples?.length))
      .map((t) => t.type)
      .sort();
    const defaulted = await api.request('POST', `/v1/webhooks/${id}/test-events`, { body: {} });
    expect(defaulted.status).toBe(202);
    expect(defaulted.body.type).toBe(withExample[0]);
  });

  it("takes a failing endpoint's test event once: no retry, the subscription stays active", async () => {
    const created = await create('/test-failing');
    const id = created.body.id as string;
    h.receiver.responder = (req) => (req.path === '/test-failing' ? { status: 500 } : echoChallenge(req));
    try {
      const sent = await api.request('POST', `/v1/webhooks/${id}/test-events`, {
        body: { type: 'order.updated', data: { order_id: 'o-1', status: 'shipped' } },
      });
      expect(sent.status).toBe(202);
      // A subscription without a filter: the answer has no `filter`, as the guide says.
      expect(Object.keys(sent.body).sort()).toEqual(['event_id', 'subscription_id', 'type']);
      await eventually(() => h.receiver.deliveries('/test-failing').length > 0, 30_000, 'the failing test event');
      await new Promise((r) => setTimeout(r, 4_000)); // past the first retry tier (1 s)
      expect(h.receiver.deliveries('/test-failing')).toHaveLength(1);
      const log = await api.request('GET', `/v1/events/${sent.body.event_id}/deliveries`);
      expect(log.body.data).toEqual([
        expect.objectContaining({ trigger: 'test', status_code: 500, next_attempt_at: null }),
      ]);
      expect((await api.request('GET', `/v1/webhooks/${id}`)).body.status).toBe('active');
    } finally {
      h.receiver.responder = echoChallenge;
    }
  });
});
