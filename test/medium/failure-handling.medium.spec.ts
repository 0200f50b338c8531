import type { AlertEventV1 } from '../../src/modules/delivery/failures/alert-event.js';
import type { AttemptSummary } from '../../src/modules/delivery/attempt-history.js';
import {
  FailureHandling,
  type SubscriptionState,
} from '../../src/modules/delivery/failures/failure-handling.service.js';
import { FailuresModule } from '../../src/modules/delivery/failures/failures.module.js';
import type { NextStep } from '../../src/modules/delivery/retry/retry-policy.js';
import type { SubscriptionChangedV1 } from '../../src/modules/subscriptions/subscription-changelog.js';
import { answered, deliveryTask } from '../support/delivery-tasks.js';
import type { TopicRecorder } from '../support/failure-scenarios.js';
import { MediumStack } from '../support/medium.js';

/**
 * FailureHandling through FailuresModule on real Postgres rows and real topics (alerts,
 * subscription changelog): the circuit, the status a failing subscription moves to, the rate limit.
 * The attempts themselves are results handed in, as the delivery stage hands them.
 */
describe('FailureHandling (medium)', () => {
  let stack: MediumStack;
  let failures: FailureHandling;
  let alerts: TopicRecorder<AlertEventV1>;
  let changelog: TopicRecorder<SubscriptionChangedV1>;

  beforeAll(async () => {
    stack = await MediumStack.start({ env: { CIRCUIT_CONSECUTIVE_FAILURES: '3' } });
    alerts = await stack.record<AlertEventV1>(stack.topics.alerts);
    changelog = await stack.record<SubscriptionChangedV1>(stack.topics.subscriptions);
    failures = (await stack.module(FailuresModule)).get(FailureHandling);
  });
  afterAll(() => stack?.close());

  /** The subscription as the delivery stage holds it, read from its row. */
  const row = async (id: string) => {
    const result = await stack.fixtures.db.query(
      `SELECT id, status, status_reason, version, rate_limit_per_second FROM subscriptions WHERE id = $1`,
      [id],
    );
    const r = result.rows[0];
    const state: SubscriptionState = { id: r.id, status: r.status, rateLimitPerSecond: r.rate_limit_per_second };
    return { ...r, state } as { status: string; status_reason: string; version: number; state: SubscriptionState };
  };
  const retryStep: NextStep = { action: 'retry', topic: 'unused', tier: '1s', dueAt: 0 };
  const failed: AttemptSummary = { n: 1, at: new Date().toISOString(), outcome: 'http_error', status: 500 };

  it('opens the circuit after the configured failures and moves the next task to its next tier', async () => {
    const [id, neighbour] = [await stack.subscription({}), await stack.subscription({})];
    const { state } = await row(id);
    for (let n = 1; n <= 3; n++) {
      const task = deliveryTask(stack.tenant, id);
      expect(await failures.beforeAttempt(task, state)).toBeUndefined();
      await failures.afterAttempt(task, state, answered(500), retryStep, [failed]);
    }

    const next = deliveryTask(stack.tenant, id, { attempt: 2 });
    expect(await failures.beforeAttempt(next, state)).toEqual({
      action: 'retry',
      topic: stack.topics.retries[1],
      tier: '2s',
      dueAt: expect.any(Number),
    });
    // The circuit is the subscription's own: its neighbour is still attempted.
    expect(await failures.beforeAttempt(deliveryTask(stack.tenant, neighbour), (await row(neighbour)).state)).toBe(
      undefined,
    );
  });

  it('marks a subscription whose retries are exhausted failing, announced on the alerts topic and the changelog', async () => {
    const id = await stack.subscription({});
    const before = await row(id);
    const task = deliveryTask(stack.tenant, id, { attempt: 7, trigger: 'retry' });

    await failures.afterAttempt(task, before.state, answered(500), { action: 'exhausted' }, [failed]);

    const after = await row(id);
    expect(after.status).toBe('failing');
    expect(after.status_reason).toBe(`retries exhausted: event ${task.event.id} after 1 attempt, last http_error 500`);
    expect(after.version).toBe(before.version + 1);
    const alert = await alerts.find((r) => r.value.subscription_id === id);
    expect(alert.headers['tenant-id']).toBe(stack.tenant);
    expect(alert.value.event).toMatchObject({
      type: 'subscription.failing',
      data: { status: 'failing', previous_status: 'active', event_id: task.event.id, attempts: [failed] },
    });
    const change = await changelog.find((r) => r.key === id);
    expect(change.value).toEqual({
      type: 'SubscriptionChangedV1',
      id,
      tenant_id: stack.tenant,
      version: after.version,
      deleted: false,
    });

    // Another instance exhausting a task with the status it still holds changes nothing more.
    await failures.afterAttempt(task, before.state, answered(500), { action: 'exhausted' }, [failed]);
    expect((await row(id)).version).toBe(after.version);
  });

  it("makes tasks wait for the subscription's rate limit, in order", async () => {
    const id = await stack.subscription({});
    await stack.fixtures.db.query(`UPDATE subscriptions SET rate_limit_per_second = 2 WHERE id = $1`, [id]);
    const { state } = await row(id);
    const passed: number[] = [];

    const waits = Array.from({ length: 4 }, (_, n) =>
      failures.beforeAttempt(deliveryTask(stack.tenant, id), state).then((step) => {
        passed.push(n);
        return step;
      }),
    );

    await Promise.all(waits.slice(0, 2));
    // Two starts fill the second: the other tasks are still waiting for theirs.
    expect(passed).toEqual([0, 1]);
    expect(await Promise.all(waits)).toEqual([undefined, undefined, undefined, undefined]);
    expect(passed).toEqual([0, 1, 2, 3]);
  });

  it('parks the task of a disabled subscription instead of attempting it', async () => {
    const id = await stack.subscription({ status: 'disabled' });
    expect(await failures.beforeAttempt(deliveryTask(stack.tenant, id), (await row(id)).state)).toEqual({
      action: 'park',
      reason: 'disabled',
    });
  });
});
