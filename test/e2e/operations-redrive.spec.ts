import { randomUUID } from 'node:crypto';
import { expectBody, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { failingUntilHealed, HttpsReceiver } from '../support/https-receiver.js';
import { expectCompleted, expectStarted } from '../support/operation-polling.js';
import { OperationsSeed, parkedTask, operationsEnv } from '../support/operations-seed.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { uniqueId } from '../support/test-config.js';

const MIN = 60_000;

/**
 * DLQ redrive: parked delivery tasks go back through the pipeline (same event id and payload,
 * trigger manual) and their dead_letters rows are marked; filters, skips and tenant isolation
 * hold; and end to end, an event exhausted against a failing endpoint is delivered once it heals.
 */
describe('operations: dead-letter redrive', () => {
  const otherTenant = uniqueId('tenant-');
  let h: PipelineHarness;
  let subS: string;
  let subT: string;
  const parked: Record<string, string> = {};
  const events = { e1: `evt_${randomUUID()}`, e2: `evt_${randomUUID()}`, e3: `evt_${randomUUID()}` };
  let healthy = false;

  /** Parked records: tasks of both subscriptions (of both forms), a poison record, one redriven already, another tenant's. */
  const seedDeadLetters = async (h: PipelineHarness) => {
    [subS, subT] = h.subscriptionIds;
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const ago = (m: number) => new Date(Date.now() - m * MIN);
    parked.d1 = await seed.parked(subS, events.e1, 'exhausted', ago(10), 41);
    parked.d2 = await seed.parked(subS, events.e2, 'gone', ago(8));
    // Parked by the previous version: a DeliveryTaskV1, its event an object and no body.
    parked.d3 = await seed.parked(subT, events.e3, 'exhausted', ago(7), 1, 'V1');
    parked.poison = await seed.deadLetter({
      subscriptionId: null,
      reason: 'invalid_envelope',
      payload: null,
      at: ago(6),
    });
    parked.done = await seed.parked(subS, `evt_${randomUUID()}`, 'exhausted', ago(5));
    await h.fixtures.db.query(`UPDATE dead_letters SET redriven_at = now() WHERE id = $1`, [parked.done]);
    parked.foreign = await seed.deadLetter({
      tenantId: otherTenant,
      subscriptionId: subS,
      reason: 'exhausted',
      payload: parkedTask(otherTenant, subS, `evt_${randomUUID()}`),
      at: ago(5),
    });
  };

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = failingUntilHealed('/flaky', () => healthy);
    h = await PipelineHarness.start({
      receiver,
      // Small batches and two runs at once: racing redrives overlap for several batches.
      env: operationsEnv('all', {
        RETRY_SCHEDULE: '200ms',
        RETRY_JITTER_PERCENT: '0',
        OPERATIONS_BATCH_SIZE: '5',
        OPERATIONS_CONCURRENCY: '2',
      }),
      subscriptions: [
        { path: '/s', events: ['order.*'] },
        { path: '/t', events: ['order.*'] },
        { path: '/raced', events: ['order.*'] },
      ],
      beforeApp: seedDeadLetters,
    });
  });
  afterAll(() => h?.close());

  const redrive = async (body?: object) => {
    const id = expectStarted(await h.api.POST('/dead-letters/redrives', body === undefined ? {} : { body }));
    return expectCompleted(h.api, id, 'redrive');
  };
  const marks = async () => {
    const { rows } = await h.fixtures.db.query(
      `SELECT id, redriven_at, redriven_by FROM dead_letters WHERE id = ANY ($1::uuid[])`,
      [Object.values(parked)],
    );
    return Object.fromEntries(rows.map((r) => [r.id, r.redriven_by as string | null]));
  };
  const ids = (path: string) => h.receiver.deliveries(path).map((r) => r.headers['webhook-id']);

  it('redrives the filtered records only and marks them', async () => {
    const { receiver } = h;
    const final = await redrive({ subscription_id: subS, reason: 'exhausted' });
    expect(final.result).toEqual({ matched: 1, redriven: 1, skipped: 0 });
    await receiver.waitFor(() => ids('/s').includes(events.e1));
    const delivered = JSON.parse(receiver.deliveries('/s')[0].body);
    expect(delivered).toMatchObject({ id: events.e1, data: { parked: events.e1 }, sequence: 41 });
    expect((await marks())[parked.d1]).toBe(final.id);
    expect((await marks())[parked.d2]).toBeNull();
    // The attempt row is written just after the receiver answered: wait for it rather than race it.
    const logged = async () =>
      expectBody(
        await h.api.GET('/webhooks/{id}/deliveries', {
          params: { path: { id: subS }, query: { event_id: events.e1 } },
        }),
        200,
      ).data as object[];
    await eventually(async () => (await logged()).length > 0, 10_000, 'attempt in the delivery log');
    expect((await logged())[0]).toMatchObject({ trigger: 'manual', attempt: 1, outcome: 'success' });
  });

  it('without a body redrives every remaining record of the tenant; what is not a task is skipped', async () => {
    const { receiver } = h;
    const final = await redrive();
    expect(final.result).toEqual({ matched: 3, redriven: 2, skipped: 1 });
    await receiver.waitFor(() => ids('/s').includes(events.e2) && ids('/t').includes(events.e3));
    await new Promise((r) => setTimeout(r, 1000));
    expect(ids('/s').sort()).toEqual([events.e1, events.e2].sort());
    expect(ids('/t')).toEqual([events.e3]);
    // The V1 task parked by the previous version goes out with its data, as that version sent it.
    expect(JSON.parse(receiver.deliveries('/t')[0].body)).toMatchObject({ id: events.e3, data: { parked: events.e3 } });
    const m = await marks();
    expect([m[parked.d2], m[parked.d3]]).toEqual([final.id, final.id]);
    expect(m[parked.poison]).toBeNull();
    expect(m[parked.foreign]).toBeNull();

    const again = await redrive({});
    expect(again.result).toEqual({ matched: 1, redriven: 0, skipped: 1 }); // only the poison record is left
  });

  it('sends each record once when redrives of the same records race', async () => {
    const raced = h.subscriptionIds[2];
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const eventIds = Array.from({ length: 40 }, () => `evt_${randomUUID()}`);
    for (const eventId of eventIds) await seed.parked(raced, eventId, 'exhausted', new Date(Date.now() - 3 * MIN));
    const started = await Promise.all(
      Array.from({ length: 4 }, async () =>
        expectStarted(await h.api.POST('/dead-letters/redrives', { body: { subscription_id: raced } })),
      ),
    );
    const finals = await Promise.all(started.map((id) => expectCompleted(h.api, id, 'redrive')));
    const redriven = finals.map((f) => (f.result as { redriven: number }).redriven);
    expect(redriven.reduce((a, b) => a + b, 0)).toBe(eventIds.length);
    await h.receiver.waitFor(() => new Set(ids('/raced')).size === eventIds.length);
    await new Promise((r) => setTimeout(r, 1_000)); // a second copy would arrive by now
    expect(ids('/raced').sort()).toEqual([...eventIds].sort());
  });

  it('redrives exactly the dead letters named, though others were parked in the same millisecond', async () => {
    const raced = h.subscriptionIds[2];
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const at = new Date(Date.now() - 2 * MIN);
    const eventIds = [`evt_${randomUUID()}`, `evt_${randomUUID()}`, `evt_${randomUUID()}`];
    const rows = [];
    for (const eventId of eventIds) rows.push(await seed.parked(raced, eventId, 'exhausted', at));
    const final = await redrive({ dead_letter_ids: [rows[1]] });
    expect(final.result).toEqual({ matched: 1, redriven: 1, skipped: 0 });
    await h.receiver.waitFor(() => ids('/raced').includes(eventIds[1]));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(ids('/raced').filter((id) => eventIds.includes(id))).toEqual([eventIds[1]]);
    const { rows: left } = await h.fixtures.db.query(
      `SELECT id FROM dead_letters WHERE id = ANY ($1::uuid[]) AND redriven_at IS NULL ORDER BY id`,
      [rows],
    );
    expect(left.map((r) => r.id)).toEqual([rows[0], rows[2]].sort());
  });

  it("skips a deleted subscription's records, which stay parked", async () => {
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const gone = await seed.parked(randomUUID(), `evt_${randomUUID()}`, 'exhausted', new Date(Date.now() - MIN));
    const final = await redrive({ dead_letter_ids: [gone] });
    expect(final.result).toEqual({ matched: 1, redriven: 0, skipped: 1 });
    const { rows } = await h.fixtures.db.query(`SELECT redriven_at FROM dead_letters WHERE id = $1`, [gone]);
    expect(rows).toEqual([{ redriven_at: null }]);
  });

  it('validates filters', async () => {
    const { api } = h;
    // Not a timestamp, not a reason, an unknown field, not an object: outside the document, sent raw.
    const bad = await api.raw.post('/v1/dead-letters/redrives', { since: 'x', reason: 'Not A Reason', extra: true });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'reason', 'since']);
    expectErrorBody(await api.raw.post('/v1/dead-letters/redrives', [1]), 422, 'VALIDATION_ERROR');
    for (const deadLetterIds of [[], ['not-a-uuid'], Array.from({ length: 101 }, () => randomUUID())]) {
      const refused = await api.raw.post('/v1/dead-letters/redrives', { dead_letter_ids: deadLetterIds });
      expectErrorBody(refused, 422, 'VALIDATION_ERROR');
      expect(refused.body.error.details.map((d: { field: string }) => d.field)).toEqual(['dead_letter_ids']);
    }
    expectErrorBody(
      await api.POST('/dead-letters/redrives', { body: { subscription_id: randomUUID() } }),
      404,
      'NOT_FOUND',
    );
    const late = new Date().toISOString();
    // A reversed window is a valid, empty one (as list filters answer): accepted, nothing to redrive.
    const reversed = await api.POST('/dead-letters/redrives', { body: { since: late, until: '2020-01-01T00:00:00Z' } });
    expect(reversed.response.status).toBe(202);
  });

  it('end to end: an event exhausted against a failing endpoint lands in the DLQ, and a redrive delivers it once healed', async () => {
    const { receiver } = h;
    const flaky = await h.fixtures.insertSubscription({
      tenantId: h.tenant,
      url: receiver.url('/flaky'),
      events: ['payment.*'],
    });
    await h.fixtures.publishChange(h.prefix, flaky);
    await new Promise((r) => setTimeout(r, 500));
    const event = envelope('payment.failed', { amount: 42 });
    await h.publish([event]);
    await eventually(
      async () =>
        (
          await h.fixtures.db.query(`SELECT 1 FROM dead_letters WHERE tenant_id = $1 AND subscription_id = $2`, [
            h.tenant,
            flaky,
          ])
        ).rowCount === 1,
      20_000,
      'the exhausted task indexed from the DLQ',
    );
    expect(receiver.deliveries('/flaky').length).toBe(2); // the first attempt and the one retry
    healthy = true;
    const final = await redrive({ subscription_id: flaky });
    expect(final.result).toEqual({ matched: 1, redriven: 1, skipped: 0 });
    await receiver.waitFor(() => receiver.deliveries('/flaky').length === 3);
    const last = receiver.deliveries('/flaky')[2];
    expect(last.headers['webhook-id']).toBe(event.id);
    expect(JSON.parse(last.body)).toMatchObject({ id: event.id, type: 'payment.failed', data: { amount: 42 } });
  });
});
