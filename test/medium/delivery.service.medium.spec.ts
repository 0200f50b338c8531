import { Webhook } from 'standardwebhooks';
import { DeliveryModule } from '../../src/modules/delivery/delivery.module.js';
import type { DeliveryTaskV2 } from '../../src/modules/delivery/delivery-task.js';
import { DeliveryService } from '../../src/modules/delivery/dispatch/delivery.service.js';
import { SubscriptionPressure } from '../../src/modules/delivery/pressure/subscription-pressure.js';
import { ATTEMPTS_HEADER, type AttemptSummary } from '../../src/modules/delivery/attempt-history.js';
import { EgressClient } from '../../src/platform/egress/egress-client.js';
import { DeadLetterHeaders } from '../../src/platform/kafka/dead-letter.writer.js';
import { DUE_AT_HEADER } from '../../src/platform/kafka/kafka-pipeline.transport.js';
import { answered, attemptRow, deliveryTask, FakeEgress } from '../support/delivery-tasks.js';
import { Logger } from '@nestjs/common';
import { AttemptWriter } from '../../src/modules/delivery/dispatch/attempt-writer.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { AfterEffectError } from '../../src/platform/kafka/poison-record.error.js';
import { processRecord } from '../../src/platform/kafka/record-processing.js';
import type { TopicRecorder } from '../support/failure-scenarios.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { MediumStack } from '../support/medium.js';
import { eventually } from '../support/pipeline-fixtures.js';

/** The task as the delivery consumer reads it. */
const record = (task: DeliveryTaskV2): InboundMessage => ({
  topic: 'deliveries',
  group: 'delivery',
  partition: 0,
  offset: '0',
  key: Buffer.from(task.subscription_id),
  value: Buffer.from(JSON.stringify(task)),
  headers: {},
  timestamp: Date.now(),
});

/** An answer no attempt row could hold as it is: U+0000, bytes that are not UTF-8, 3 MB. */
const JUNK = Buffer.concat([Buffer.from('nul\u0000'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.alloc(3 << 20, 0x61)]);

const SECRET = `whsec_${Buffer.from('medium-delivery-secret-0123456789').toString('base64')}`;

/**
 * DeliveryService through DeliveryModule on real Postgres and Kafka: once with the real egress
 * client against the HTTPS receiver, once with a fake egress where the test decides the answer
 * (or holds it back). Attempt rows are read from Postgres, forwarded tasks from the real topics.
 */
describe('DeliveryService (medium)', () => {
  let stack: MediumStack;
  let retries: TopicRecorder<DeliveryTaskV2>[];
  let dlq: TopicRecorder<DeliveryTaskV2>;
  const withEvent = (task: DeliveryTaskV2) => (r: { value: DeliveryTaskV2 }) => r.value.event.id === task.event.id;

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = (req) =>
      req.path === '/junk' ? { status: 200, body: JUNK } : { status: Number(req.path.slice(1)) || 200, body: 'answer' };
    // One request in flight per subscription, so that one held request stalls its subscription.
    stack = await MediumStack.start({ receiver, env: { DELIVERY_CONCURRENCY_PER_SUBSCRIPTION: '1' } });
    retries = await Promise.all(stack.topics.retries.slice(0, 3).map((t) => stack.record<DeliveryTaskV2>(t)));
    dlq = await stack.record<DeliveryTaskV2>(stack.topics.dlq);
  });
  afterAll(() => stack?.close());

  const attemptRows = async (task: DeliveryTaskV2) =>
    (
      await stack.fixtures.db.query(
        `SELECT attempt, outcome, status_code, response_body, next_attempt_at FROM delivery_attempts
          WHERE tenant_id = $1 AND event_id = $2`,
        [stack.tenant, task.event.id],
      )
    ).rows;

  describe('with the real egress client and the HTTPS receiver', () => {
    let delivery: DeliveryService;
    beforeAll(async () => (delivery = (await stack.module(DeliveryModule)).get(DeliveryService)));

    it('posts the signed body, records the attempt and routes the task done', async () => {
      const id = await stack.subscription({ path: '/200', secrets: [SECRET] });
      const task = deliveryTask(stack.tenant, id);

      expect(await delivery.deliver(task)).toEqual({ action: 'done' });

      const [request] = stack.receiver!.deliveries('/200').filter((r) => r.headers['webhook-id'] === task.event.id);
      expect(request.body).toBe(task.body);
      expect(new Webhook(SECRET).verify(request.body, request.headers)).toEqual(JSON.parse(task.body!));
      expect(await attemptRows(task)).toEqual([
        { attempt: 1, outcome: 'success', status_code: 200, response_body: 'answer', next_attempt_at: null },
      ]);
    });

    it('schedules a 500 on the next retry tier with its due time, attempt history and attempt + 1', async () => {
      const id = await stack.subscription({ path: '/500' });
      const earlier: AttemptSummary = { n: 1, at: new Date().toISOString(), outcome: 'timeout' };
      const task = deliveryTask(stack.tenant, id, { attempt: 2, trigger: 'retry' });
      const before = Date.now();

      const step = await delivery.deliver(task, [earlier]);

      expect(step).toMatchObject({ action: 'retry', topic: stack.topics.retries[1] });
      const record = await retries[1].find(withEvent(task));
      expect(record.key).toBe(id);
      expect(record.value).toMatchObject({ attempt: 3, trigger: 'retry', subscription_id: id, body: task.body });
      expect(Number(record.headers[DUE_AT_HEADER])).toBeGreaterThanOrEqual(before + 2_000);
      expect(JSON.parse(record.headers[ATTEMPTS_HEADER])).toEqual([
        earlier,
        { n: 2, at: expect.any(String), outcome: 'http_error', status: 500 },
      ]);
      const [row] = await attemptRows(task);
      expect(row).toMatchObject({ attempt: 2, outcome: 'http_error', status_code: 500 });
      expect(row.next_attempt_at.getTime()).toBe(Number(record.headers[DUE_AT_HEADER]));
    });
  });

  describe('after the request went out', () => {
    it('records any answer, made safe, once: one request, one attempt row', async () => {
      const delivery = (await stack.module(DeliveryModule)).get(DeliveryService);
      const id = await stack.subscription({ path: '/junk' });
      const task = deliveryTask(stack.tenant, id);

      expect(await delivery.deliver(task)).toEqual({ action: 'done' });

      expect(stack.receiver!.deliveries('/junk').filter((r) => r.headers['webhook-id'] === task.event.id)).toHaveLength(
        1,
      );
      const [row] = await attemptRows(task);
      expect(row).toMatchObject({ outcome: 'success', status_code: 200 });
      expect(row.response_body).toMatch(/^nul\uFFFD\uFFFD\uFFFD\uFFFDa+$/);
      expect(row.response_body).toHaveLength(4096);
    });

    it('writes an attempt once however often its write is repeated', async () => {
      const writer = (await stack.module(DeliveryModule)).get(AttemptWriter);
      const row = attemptRow({
        tenantId: stack.tenant,
        responseBody: 'x\u0000y',
        responseHeaders: { 'x-odd': '\ud800' },
      });
      await Promise.all([writer.write(row), writer.write(row)]);
      await writer.write(row);
      const rows = await stack.fixtures.db.query(
        `SELECT response_body, response_headers FROM delivery_attempts WHERE id = $1`,
        [row.id],
      );
      expect(rows.rows).toEqual([{ response_body: 'x\uFFFDy', response_headers: { 'x-odd': '\uFFFD' } }]);
    });

    it('sends a task once when its record was written twice (a produce repeated after a timeout)', async () => {
      const delivery = (await stack.module(DeliveryModule)).get(DeliveryService);
      const id = await stack.subscription({ path: '/200' });
      const task = deliveryTask(stack.tenant, id, { attempt: 2, trigger: 'retry' });
      const copy = JSON.parse(JSON.stringify(task)) as DeliveryTaskV2;

      const outcomes = await Promise.all([delivery.deliver(task), delivery.deliver(copy)]);
      expect(outcomes.sort()).toEqual([{ action: 'done' }, 'skipped'].sort());
      expect(await delivery.deliver(copy)).toBe('skipped');
      expect(stack.receiver!.deliveries('/200').filter((r) => r.headers['webhook-id'] === task.event.id)).toHaveLength(
        1,
      );
      // Another task of the same event (the next attempt) is a task of its own.
      expect(await delivery.deliver({ ...task, attempt: 3 })).toEqual({ action: 'done' });
    });

    it('parks a task whose step after the request fails for good, and never sends it again', async () => {
      const refusing = { write: async () => Promise.reject(new Error('the row is refused for good')) };
      const module = await stack.module(DeliveryModule, [{ provide: AttemptWriter, useValue: refusing }]);
      const delivery = module.get(DeliveryService);
      const id = await stack.subscription({ path: '/200' });
      const task = deliveryTask(stack.tenant, id);
      const parked: unknown[] = [];

      await processRecord(record(task), {
        handle: async () => void (await delivery.deliver(task)),
        quarantine: async (_, error) => void parked.push(error),
        logger: new Logger('test'),
      });

      expect(stack.receiver!.deliveries('/200').filter((r) => r.headers['webhook-id'] === task.event.id)).toHaveLength(
        1,
      );
      expect(parked).toEqual([expect.any(AfterEffectError)]);
      expect((parked[0] as AfterEffectError).parkReason).toBeUndefined(); // a bug: processing_error
    });
  });

  describe('with a fake egress client', () => {
    const egress = new FakeEgress();
    let delivery: DeliveryService;
    let pressure: SubscriptionPressure;
    beforeAll(async () => {
      const module = await stack.module(DeliveryModule, [{ provide: EgressClient, useValue: egress }]);
      [delivery, pressure] = [module.get(DeliveryService), module.get(SubscriptionPressure)];
    });

    it('parks a task whose endpoint answered 410 in the DLQ with the reason, and disables the subscription', async () => {
      const id = await stack.subscription({});
      const task = deliveryTask(stack.tenant, id);
      egress.reply = () => answered(410);

      expect(await delivery.deliver(task)).toEqual({ action: 'stop', reason: 'gone' });

      const parked = await dlq.find(withEvent(task));
      expect(parked.headers[DeadLetterHeaders.reason]).toBe('gone');
      expect(parked.headers[DeadLetterHeaders.detail]).toBe('1 attempt: #1 http_error 410; last: http_error');
      expect(parked.value).toMatchObject({ attempt: 1, subscription_id: id });
      const status = await stack.fixtures.db.query(`SELECT status FROM subscriptions WHERE id = $1`, [id]);
      expect(status.rows[0].status).toBe('disabled');
    });

    it('defers the task of a stalled subscription to a tier, same attempt and deferrals + 1', async () => {
      const id = await stack.subscription({ url: 'https://127.0.0.1:9/hang' });
      const other = await stack.subscription({});
      const held = Promise.withResolvers<void>();
      egress.reply = (url) => (url.endsWith('/hang') ? held.promise.then(() => answered(200)) : answered(200));
      const sent = egress.calls.length;
      const first = delivery.deliver(deliveryTask(stack.tenant, id));
      await eventually(() => egress.calls.length > sent, 5_000, 'the first request sent');
      const task = deliveryTask(stack.tenant, id, { attempt: 3, trigger: 'retry', deferrals: 1 });

      // Its only slot stays held for the whole wait (5 s) while another subscription's requests
      // keep finishing: it steps aside instead.
      const deferring = delivery.deliver(task);
      for (let i = 0; i < 100; i++) await delivery.deliver(deliveryTask(stack.tenant, other));
      expect(await deferring).toBe('deferred');
      const deferredBy = Date.now();

      const record = await retries[1].find(withEvent(task));
      expect(record.value).toMatchObject({ attempt: 3, deferrals: 2, trigger: 'retry' });
      expect(record.headers[DUE_AT_HEADER]).toMatch(/^\d+$/);
      expect(await attemptRows(task)).toEqual([]);
      // Deferring for 2 s with no answer, fan-out would defer its new tasks too; an answer ends it.
      expect(pressure.state(id, deferredBy).state).toBe('stalled');
      expect(pressure.state(id, deferredBy + 2_000)).toEqual({ state: 'deferring', forMs: expect.any(Number) });
      expect(pressure.admission(id, deferredBy + 2_000)).toEqual({ verdict: 'step-aside', because: 'deferring' });
      held.resolve();
      expect(await first).toEqual({ action: 'done' });
      expect(pressure.state(id, Date.now() + 2_000)).toEqual({ state: 'healthy' });
    });

    it('skips the task of a deleted subscription without a request or an attempt row', async () => {
      const id = await stack.subscription({});
      await stack.fixtures.db.query(`DELETE FROM subscriptions WHERE id = $1`, [id]);
      const task = deliveryTask(stack.tenant, id);
      const calls = egress.calls.length;

      expect(await delivery.deliver(task)).toBe('skipped');

      expect(egress.calls).toHaveLength(calls);
      expect(await attemptRows(task)).toEqual([]);
    });
  });
});
