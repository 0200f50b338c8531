import type { AlertEventV1 } from '../../src/modules/delivery/failures/alert-event.js';
import { expectBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver, type ReceivedRequest } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { FailureProbe, sleep, type TopicRecorder } from '../support/failure-scenarios.js';

const SCHEDULE_MS = [1000, 2000, 3000, 4000, 5000, 6000];

/**
 * Issue 5's acceptance on the real stack, with RETRY_SCHEDULE=1s,2s,3s,4s,5s,6s: retries spaced by
 * the schedule, exhaustion → DLQ + failing + alert (topic and alert_url), Retry-After, 410, parking
 * for a disabled subscription, and recovery. One app, one subscription per scenario, all at once.
 */
describe('failure handling: tiered retries, exhaustion, Retry-After, 410', () => {
  const receiver = new HttpsReceiver();
  const names = ['flaky', 'down', 'throttled', 'gone', 'parked', 'limited'];
  let h: PipelineHarness;
  let tenant: string;
  let probe: FailureProbe;
  let alerts: TopicRecorder<AlertEventV1>;
  const subs: Record<string, string> = {};
  let downHealthy = false;

  beforeAll(async () => {
    receiver.responder = (req) => {
      const seen = receiver.deliveries(req.path).length;
      switch (req.path) {
        case '/flaky':
          return { status: seen <= 3 ? 500 : 200 };
        case '/down':
          return { status: downHealthy ? 200 : 500 };
        case '/throttled':
          return seen <= 1 ? { status: 429, headers: { 'retry-after': '5' } } : { status: 200 };
        case '/gone':
          return { status: 410 };
        case '/parked':
          return { status: 500 };
        default:
          return { status: 200 };
      }
    };
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'api,ingest,delivery,retry,operations' },
      subscriptions: names.map((name) => ({ path: `/${name}`, events: [`test.${name}`] })),
      beforeApp: async (h) => {
        names.forEach((name, i) => (subs[name] = h.subscriptionIds[i]));
        probe = new FailureProbe(h.fixtures);
        await probe.setAlertUrl(subs.down, receiver.url('/alerts'));
        await h.fixtures.db.query(`UPDATE subscriptions SET rate_limit_per_second = 2 WHERE id = $1`, [subs.limited]);
        alerts = await h.record<AlertEventV1>('alerts');
      },
    });
    tenant = h.tenant;
  });
  afterAll(() => h?.close());

  const publish = (event: object) => h.publish([event]);
  const gaps = (requests: ReceivedRequest[]) => requests.slice(1).map((r, i) => r.receivedAt - requests[i].receivedAt);

  const events = {
    flaky: envelope('test.flaky', { n: 1 }),
    down: envelope('test.down', { n: 2 }),
    throttled: envelope('test.throttled', { n: 3 }),
    gone: envelope('test.gone', { n: 4 }),
    parked: envelope('test.parked', { n: 5 }),
  };

  it('publishes one event per scenario', async () => {
    for (const event of Object.values(events)) await publish(event);
    await receiver.waitFor((all) => Object.keys(events).every((p) => all.some((r) => r.path === `/${p}`)), 20_000);
  });

  it('fails 3 times then succeeds: exactly 4 attempts, spaced by the schedule, same event id', async () => {
    await eventually(() => receiver.deliveries('/flaky').length >= 4, 30_000, '4 attempts at /flaky');
    await sleep(2500);
    const requests = receiver.deliveries('/flaky');
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([events.flaky.id]));
    expect(new Set(requests.map((r) => JSON.parse(r.body).id))).toEqual(new Set([events.flaky.id]));
    gaps(requests).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(SCHEDULE_MS[i]));

    await eventually(async () => (await probe.attempts(tenant, subs.flaky)).length === 4, 5000, 'attempt log');
    const log = await probe.attempts(tenant, subs.flaky);
    expect(log.map((a) => [a.attempt, a.outcome, a.status_code, a.trigger])).toEqual([
      [1, 'http_error', 500, 'initial'],
      [2, 'http_error', 500, 'retry'],
      [3, 'http_error', 500, 'retry'],
      [4, 'success', 200, 'retry'],
    ]);
    // Each failure names its next attempt time, and the next attempt is not earlier than it.
    for (let i = 0; i < 3; i++) {
      expect(log[i].next_attempt_at!.getTime() - log[i].created_at.getTime()).toBeGreaterThanOrEqual(SCHEDULE_MS[i]);
      expect(log[i + 1].created_at.getTime()).toBeGreaterThanOrEqual(log[i].next_attempt_at!.getTime());
    }
    expect(log[3].next_attempt_at).toBeNull();

    const page = expectBody(
      await h.api.GET('/webhooks/{id}/deliveries', { params: { path: { id: subs.flaky } } }),
      200,
    );
    expect(page.data.map((a: { status_code: number }) => a.status_code).reverse()).toEqual([500, 500, 500, 200]);
  });

  it('waits at least Retry-After (5 s) on a 1 s tier after a 429', async () => {
    await eventually(() => receiver.deliveries('/throttled').length >= 2, 20_000, 'the retry after a 429');
    const [first, second] = receiver.deliveries('/throttled');
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(5000);
    expect(second.headers['webhook-id']).toBe(events.throttled.id);
  });

  it('disables the subscription after one 410, without retries, and parks the task', async () => {
    await eventually(async () => (await probe.subscription(subs.gone)).status === 'disabled', 15_000, '410 → disabled');
    const sub = await probe.subscription(subs.gone);
    expect(sub.status_reason).toMatch(/410 Gone/);
    expect(sub.status_changed_at).not.toBeNull();
    await eventually(async () => (await probe.deadLetters(subs.gone)).length === 1, 15_000, 'gone task parked');
    expect((await probe.deadLetters(subs.gone))[0].reason).toBe('gone');
    await sleep(3000);
    expect(receiver.deliveries('/gone')).toHaveLength(1);
  });

  it('parks (never drops) the waiting task of a subscription disabled meanwhile', async () => {
    await probe.disable(h.prefix, subs.parked);
    const attemptsWhenDisabled = receiver.deliveries('/parked').length;
    await eventually(async () => (await probe.deadLetters(subs.parked)).length === 1, 20_000, 'disabled task parked');
    const [parked] = await probe.deadLetters(subs.parked);
    expect(parked.reason).toBe('disabled');
    expect(parked.payload_json.event.id).toBe(events.parked.id);
    expect(JSON.parse(parked.headers['hookline-attempts']).at(-1)).toMatchObject({ outcome: 'disabled' });
    await sleep(2000);
    // At most the attempt already on its way when the change arrived; none after the parking.
    expect(receiver.deliveries('/parked').length).toBeLessThanOrEqual(attemptsWhenDisabled + 1);
  });

  it('always 500: exactly 1 + 6 attempts, then DLQ, failing, and an alert on the topic and at alert_url', async () => {
    await eventually(async () => (await probe.subscription(subs.down)).status === 'failing', 45_000, 'failing');
    const requests = receiver.deliveries('/down');
    expect(requests).toHaveLength(7);
    gaps(requests).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(SCHEDULE_MS[i]));

    const sub = await probe.subscription(subs.down);
    expect(sub.status_reason).toMatch(/retries exhausted: event .* after 7 attempts, last http_error 500/);
    expect(sub.status_changed_at).not.toBeNull();

    await eventually(async () => (await probe.deadLetters(subs.down)).length === 1, 15_000, 'DLQ record');
    const [dead] = await probe.deadLetters(subs.down);
    expect(dead.reason).toBe('exhausted');
    expect(dead.detail).toMatch(/^7 attempts: #1 http_error 500, .* #7 http_error 500/);
    expect(JSON.parse(dead.headers['hookline-attempts'])).toHaveLength(7);
    expect(dead.payload_json.event.id).toBe(events.down.id);

    await eventually(() => alerts.records.length >= 1, 10_000, 'alert on the alerts topic');
    const alert = alerts.records.find((r) => r.value.event.type === 'subscription.failing')!;
    expect(alert.value).toMatchObject({ type: 'AlertEventV1', tenant_id: tenant, subscription_id: subs.down });
    expect(alert.value.event.data).toMatchObject({
      status: 'failing',
      previous_status: 'active',
      event_id: events.down.id,
    });

    await receiver.waitFor((all) => all.some((r) => r.path === '/alerts'), 15_000);
    const callback = receiver.requests.find((r) => r.path === '/alerts')!;
    expect(JSON.parse(callback.body)).toMatchObject({
      type: 'subscription.failing',
      data: { subscription_id: subs.down },
    });
    expect(callback.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(callback.headers['webhook-id']).toBe(alert.value.event.id);
  });

  it('a later success on the failing subscription makes it active again and says so', async () => {
    downHealthy = true;
    const next = envelope('test.down', { n: 6 });
    await publish(next);
    await eventually(async () => (await probe.subscription(subs.down)).status === 'active', 20_000, 'recovered');
    await eventually(
      () => receiver.requests.filter((r) => r.path === '/alerts').length >= 2,
      15_000,
      'recovered alert at alert_url',
    );
    const types = receiver.requests.filter((r) => r.path === '/alerts').map((r) => JSON.parse(r.body).type);
    expect(types).toEqual(['subscription.failing', 'subscription.recovered']);
    expect(alerts.records.map((r) => r.value.event.type)).toContain('subscription.recovered');
  });

  it('keeps a subscription with rate_limit_per_second = 2 to 2 deliveries in any second', async () => {
    const burst = Array.from({ length: 8 }, (_, n) => envelope('test.limited', { n }));
    for (const event of burst) await publish(event);
    await eventually(() => receiver.deliveries('/limited').length === 8, 20_000, '8 deliveries');
    // The limit governs when Hookline sends (the attempt log's created_at, taken as the request
    // starts); the receiver sees those starts shifted by transit time, which a loaded 2-core CI
    // machine varies by up to a few hundred ms.
    let sent: number[] = [];
    await eventually(
      async () => (sent = (await probe.attempts(tenant, subs.limited)).map((a) => a.created_at.getTime())).length === 8,
      10_000,
      '8 attempts logged',
    );
    const received = receiver.deliveries('/limited').map((r) => r.receivedAt);
    // The limiter grants starts two a second; the attempt's clock reading follows its grant after
    // the event loop's lag, which a loaded 2-core CI machine stretched to ~400 ms once. So pairs are
    // held to a bound with room for that lag, and so is the whole run: 8 starts at 2/s are granted
    // over at least 3 s. Without the limit all 8 would start within a few ms.
    for (let i = 2; i < sent.length; i++) expect(sent[i] - sent[i - 2]).toBeGreaterThanOrEqual(500);
    for (let i = 2; i < received.length; i++) expect(received[i] - received[i - 2]).toBeGreaterThanOrEqual(500);
    expect(sent[7] - sent[0]).toBeGreaterThanOrEqual(2500);
  });
});
