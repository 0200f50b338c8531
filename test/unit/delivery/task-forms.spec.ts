import fc from 'fast-check';
import { parseDeliveryTask, type DeliveryTaskV2 } from '../../../src/modules/delivery/delivery-task.js';
import { envelopeBody, serializeTask } from '../../../src/modules/delivery/task-record.js';

/** Data text as an upstream producer may write it: any JSON object, digits beyond a double's included. */
const dataText = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify({ value })),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map((n) => `{"amount":${n},"note":"é\\n\\"q\\""}`),
);

/** Tasks a writer may write: a header-safe event id, a tenant Postgres can store (invalid ones: delivery-task.spec.ts). */
const taskOf = fc.record({
  tenant: fc.string({ minLength: 1, maxLength: 255 }).filter((tenant) => !tenant.includes('\u0000')),
  subscription: fc.uuid(),
  id: fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
  type: fc.constantFrom('order.created', 'ledger.posted'),
  sequence: fc.integer({ min: 1 }),
  previous: fc.option(fc.string({ minLength: 1 }), { nil: null }),
  attempt: fc.integer({ min: 1, max: 20 }),
  deferrals: fc.option(fc.nat(5), { nil: undefined }),
  replay: fc.boolean(),
  data: dataText,
});

function v2Of(t: typeof taskOf extends fc.Arbitrary<infer R> ? R : never): DeliveryTaskV2 {
  const event = {
    id: t.id,
    type: t.type,
    created_at: '2026-11-26T10:00:00.000Z',
    sequence: t.sequence,
    previous_event_id: t.previous,
  };
  return {
    type: 'DeliveryTaskV2',
    tenant_id: t.tenant,
    subscription_id: t.subscription,
    event,
    body: envelopeBody(event, t.data),
    attempt: t.attempt,
    trigger: t.attempt === 1 ? 'initial' : 'retry',
    first_attempt_at: '2026-11-26T10:00:01.000Z',
    enqueued_at: '2026-11-26T10:00:01.000Z',
    ...(t.deferrals === undefined ? {} : { deferrals: t.deferrals }),
    ...(t.replay ? { may_be_replay: true } : {}),
  };
}

/** The record the previous version wrote: V1, the body's text as `event`, and again as the string `body`. */
function previousWriter(task: DeliveryTaskV2): string {
  const { event, body, type, ...rest } = task;
  void event;
  void type;
  return `${JSON.stringify({ type: 'DeliveryTaskV1', ...rest }).slice(0, -1)},"event":${body},"body":${JSON.stringify(body)}}`;
}

describe('delivery task forms', () => {
  it('reads back every V2 task as written, its body byte for byte', () => {
    fc.assert(
      fc.property(taskOf, (t) => {
        const task = v2Of(t);
        expect(parseDeliveryTask(Buffer.from(serializeTask(task)))).toEqual(task);
      }),
    );
  });

  it('reads a V1 task of the previous version as the same V2 task (a rolling upgrade loses nothing)', () => {
    fc.assert(
      fc.property(taskOf, (t) => {
        const task = v2Of(t);
        expect(parseDeliveryTask(Buffer.from(previousWriter(task)))).toEqual(task);
      }),
    );
  });

  it('writes fewer bytes than the previous version: the event once, not twice', () => {
    fc.assert(
      fc.property(taskOf, (t) => {
        const task = v2Of(t);
        expect(Buffer.byteLength(serializeTask(task))).toBeLessThan(Buffer.byteLength(previousWriter(task)));
      }),
    );
  });
});
