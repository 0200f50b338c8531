import type { DeliveryTaskV1 } from '../../src/modules/delivery/delivery-task.js';
import { DUE_AT_HEADER } from '../../src/platform/kafka/kafka-pipeline.transport.js';
import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';

/** How long the groups are watched. The issue asks for 10 minutes; LONG_WAIT_OBSERVE_MS=600000 runs that. */
const OBSERVE_MS = Number(process.env.LONG_WAIT_OBSERVE_MS ?? 75_000);
const HOURS = 3 * 3600_000;

/**
 * Retry tiers whose partitions all hold a record due hours ahead: their consumers pause those
 * partitions and stays in its group (heartbeats continue while paused) for the whole observation,
 * the record is not delivered early, and the other tiers — and the other partitions of the same
 * tier — keep flowing. Group stability is read from the broker (describeGroups): the same member
 * ids in a Stable group on every poll means no rebalance and no session timeout.
 */
describe('failure handling: a tier waiting hours keeps its group stable', () => {
  const receiver = new HttpsReceiver();
  let h: PipelineHarness;
  let waiting: string;

  beforeAll(async () => {
    // /busy fails twice per event, so its tasks keep passing through tiers 1 and 2.
    receiver.responder = (req) => {
      const id = req.headers['webhook-id'];
      const seen = receiver.requests.filter((r) => r.headers['webhook-id'] === id).length;
      return { status: req.path === '/busy' && seen <= 2 ? 500 : 200 };
    };
    // The busy endpoint fails 2 of 3 attempts: without this, its circuit would open (ratio rule)
    // and send its tasks on to the paused tiers, which is not what this test is about.
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'ingest,delivery,retry', CIRCUIT_CONSECUTIVE_FAILURES: '0', CIRCUIT_FAILURE_RATIO_PERCENT: '0' },
      subscriptions: [
        { path: '/later', events: ['x.later'] },
        { path: '/busy', events: ['x.busy'] },
      ],
    });
    [waiting] = h.subscriptionIds;
  });
  afterAll(() => h?.close());

  it(
    `holds a record due in 3 h for ${OBSERVE_MS / 1000} s: no rebalance, no early delivery, other tiers flow`,
    async () => {
      const { config, kafka, tenant } = h;
      const prefix = h.prefix;
      // A far-future task at the head of every partition of tiers 4-6, whose consumers are then
      // entirely paused; the busy traffic below passes through tiers 1 and 2.
      const farTiers = [`${prefix}.retry-4s`, `${prefix}.retry-5s`, `${prefix}.retry-6s`];
      const partitions = config.kafka.partitions;
      const dueAt = Date.now() + HOURS;
      const task = (n: number): DeliveryTaskV1 => ({
        type: 'DeliveryTaskV1',
        tenant_id: tenant,
        subscription_id: waiting,
        event: { ...envelope('x.later', { n }), sequence: n, previous_event_id: null },
        attempt: 2,
        trigger: 'retry',
        first_attempt_at: new Date().toISOString(),
        enqueued_at: new Date().toISOString(),
      });
      for (const topic of farTiers)
        await kafka.send(
          topic,
          Array.from({ length: partitions }, (_, p) => ({
            partition: p,
            key: waiting,
            value: JSON.stringify(task(p)),
            headers: { [DUE_AT_HEADER]: String(dueAt) },
          })),
        );

      const admin = kafka.kafka.admin();
      await admin.connect();
      const groups = config.delivery.retrySchedule.map((t) => `${config.kafka.groupPrefix}.retry-${t.label}`);
      const snapshot = async () => {
        const { groups: described } = await admin.describeGroups(groups);
        return described.map((g) => ({
          group: g.groupId,
          state: g.state,
          members: g.members.map((m) => m.memberId).sort(),
        }));
      };
      await eventually(
        async () => (await snapshot()).every((g) => g.state === 'Stable' && g.members.length === 1),
        30_000,
        'every tier group stable',
      );
      const baseline = await snapshot();

      // Traffic through tiers 1 and 2 for the whole window, the broker's view of the groups polled meanwhile.
      const started = Date.now();
      const published: string[] = [];
      const seen: (typeof baseline)[] = [];
      while (Date.now() - started < OBSERVE_MS) {
        const event = envelope('x.busy', { at: Date.now() });
        published.push(event.id);
        await h.publish([event]);
        seen.push(await snapshot());
        await sleep(3000);
      }
      await admin.disconnect();

      // No rebalance, no session timeout: the same single member in every tier group, Stable, throughout.
      for (const s of seen) expect(s).toEqual(baseline);
      // No early delivery of the far-future tasks.
      expect(receiver.deliveries('/later')).toHaveLength(0);
      // The other tiers kept flowing: every busy event went through tiers 1 and 2 to its 3rd attempt.
      const succeeded = (id: string) =>
        receiver.requests.filter((r) => r.path === '/busy' && r.headers['webhook-id'] === id).length >= 3;
      await eventually(() => published.every(succeeded), 20_000, 'every busy event delivered on its 3rd attempt');
      expect(published.length).toBeGreaterThan(OBSERVE_MS / 4000);
    },
    OBSERVE_MS + 120_000,
  );
});
