import { v7 as uuidv7 } from 'uuid';
import type { AlertEventV1 } from '../../src/modules/delivery/failures/alert-event.js';
import { expectBody } from '../support/api-client.js';
import { FailureProbe } from '../support/failure-scenarios.js';
import { PipelineHarness } from '../support/harness.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { expectCompleted, expectStarted } from '../support/operation-polling.js';
import { operationsEnv } from '../support/operations-seed.js';
import { eventually } from '../support/pipeline-fixtures.js';

/**
 * Alerts are never lost to an alert_url's outage: a refused alert is tried again on
 * ALERT_RETRY_SCHEDULE; past it, it is parked (alert_not_delivered), listed in the tenant's dead
 * letters and redrivable; an alert the egress policy blocks is parked at once (alert_blocked) and
 * listed too. Each one is counted. Alerts are published on the real alerts topic, as failure
 * handling publishes them, and sent to the real HTTPS receiver.
 */
describe('alerts: retried, then parked, listed and redrivable', () => {
  let h: PipelineHarness;
  let healed = false;
  const answers = { flaky: 0 };

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) => {
      if (req.path === '/alerts-flaky' && ++answers.flaky <= 2) return { status: 503 };
      if (req.path === '/alerts-down' && !healed) return { status: 500, body: 'down\u0000' };
      return echoChallenge(req);
    };
    h = await PipelineHarness.start({
      receiver,
      env: operationsEnv('api,delivery,operations', { ALERT_RETRY_SCHEDULE: '300ms,300ms,300ms' }),
      subscriptions: [
        { path: '/flaky-hook', events: ['order.*'] },
        { path: '/down-hook', events: ['order.*'] },
        { path: '/blocked-hook', events: ['order.*'] },
      ],
      beforeApp: async (harness) => {
        const probe = new FailureProbe(harness.fixtures);
        const [flaky, down, blocked] = harness.subscriptionIds;
        await probe.setAlertUrl(flaky, harness.receiver.url('/alerts-flaky'));
        await probe.setAlertUrl(down, harness.receiver.url('/alerts-down'));
        // Outside EGRESS_ALLOW_CIDRS: the egress policy refuses it.
        await probe.setAlertUrl(blocked, 'https://10.1.2.3/alerts');
      },
    });
  });
  afterAll(() => h?.close());

  const alertOf = (subscriptionId: string): AlertEventV1 => ({
    type: 'AlertEventV1',
    tenant_id: h.tenant,
    subscription_id: subscriptionId,
    event: {
      id: `alert_${uuidv7()}`,
      type: 'subscription.failing',
      created_at: new Date().toISOString(),
      data: {
        subscription_id: subscriptionId,
        url: 'https://example.com/hook',
        status: 'failing',
        previous_status: 'active',
        reason: 'retries exhausted',
        status_changed_at: new Date().toISOString(),
        event_id: `evt_${uuidv7()}`,
        attempts: [],
      },
    },
  });
  const publish = (alert: AlertEventV1) =>
    h.kafka.send(h.topic('alerts'), [
      { key: alert.subscription_id, value: JSON.stringify(alert), headers: { 'tenant-id': alert.tenant_id } },
    ]);
  const received = (path: string, alert: AlertEventV1) =>
    h.receiver.requests.filter((r) => r.path === path && r.headers['webhook-id'] === alert.event.id);
  const deadLetters = async (query: Record<string, string>) =>
    expectBody(await h.api.GET('/dead-letters', { params: { query } }), 200).data;

  it('delivers an alert whose address comes back within the schedule, parking nothing', async () => {
    const alert = alertOf(h.subscriptionIds[0]);
    await publish(alert);
    await eventually(() => received('/alerts-flaky', alert).length === 3, 20_000, 'two refusals, then taken');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received('/alerts-flaky', alert)).toHaveLength(3);
    expect(await deadLetters({ event_id: alert.event.id })).toEqual([]);
  });

  it('parks an alert refused through the schedule, lists it, and redrives it once the address heals', async () => {
    const alert = alertOf(h.subscriptionIds[1]);
    await publish(alert);
    await eventually(async () => (await deadLetters({ event_id: alert.event.id })).length === 1, 20_000, 'parked');
    expect(received('/alerts-down', alert)).toHaveLength(4); // the first try and three more
    const [parked] = await deadLetters({ event_id: alert.event.id });
    expect(parked).toMatchObject({
      reason: 'alert_not_delivered',
      subscription_id: h.subscriptionIds[1],
      event_type: 'subscription.failing',
      redriven_at: null,
    });
    expect(parked.detail).toMatch(/4 attempts: endpoint answered HTTP 500/);

    healed = true;
    const id = expectStarted(await h.api.POST('/dead-letters/redrives', { body: { reason: 'alert_not_delivered' } }));
    const done = await expectCompleted(h.api, id, 'redrive');
    expect(done.result).toMatchObject({ redriven: 1, skipped: 0 });
    await eventually(() => received('/alerts-down', alert).length === 5, 20_000, 'the redriven alert taken');
    const [after] = await deadLetters({ event_id: alert.event.id });
    expect(after.redriven_by).toBe(id);
  });

  it('parks an alert the egress policy blocks at once, lists it, and counts both kinds', async () => {
    const alert = alertOf(h.subscriptionIds[2]);
    await publish(alert);
    await eventually(async () => (await deadLetters({ event_id: alert.event.id })).length === 1, 20_000, 'parked');
    const [parked] = await deadLetters({ event_id: alert.event.id });
    expect(parked).toMatchObject({ reason: 'alert_blocked', subscription_id: h.subscriptionIds[2] });
    expect(parked.detail).toMatch(/10\.1\.2\.3/);

    const metrics = await h.scrape();
    expect(metrics).toMatch(/hookline_dlq_parked_total\{reason="alert_blocked"\} 1\b/);
    expect(metrics).toMatch(/hookline_dlq_parked_total\{reason="alert_not_delivered"\} 1\b/);
    expect(metrics).toMatch(/hookline_alerts_sent_total\{outcome="blocked"\} 1\b/);
    expect(metrics).not.toMatch(/reason="processing_error"/);
  });
});
