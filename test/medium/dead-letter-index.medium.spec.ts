import { randomUUID } from 'node:crypto';
import { DeadLetterIndex } from '../../src/modules/dead-letters/dead-letter-index.js';
import { DeadLettersModule } from '../../src/modules/dead-letters/dead-letters.module.js';
import { DeadLettersRepository } from '../../src/modules/dead-letters/dead-letters.repository.js';
import { DeadLetterHeaders } from '../../src/platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../src/platform/kafka/inbound-message.js';
import { deliveryTask } from '../support/delivery-tasks.js';
import { MediumStack } from '../support/medium.js';

/**
 * DeadLetterIndex on real Postgres: whatever a parked record holds, it is indexed (never thrown
 * back), its bytes kept, its reason and event named, and what cannot be JSON says why.
 */
describe('DeadLetterIndex (medium)', () => {
  let stack: MediumStack;
  let index: DeadLetterIndex;
  let repository: DeadLettersRepository;
  let offset = 0;

  beforeAll(async () => {
    stack = await MediumStack.start();
    const module = await stack.module(DeadLettersModule);
    [index, repository] = [module.get(DeadLetterIndex), module.get(DeadLettersRepository)];
  });
  afterAll(() => stack?.close());

  const parked = (value: Buffer | string | null, headers: Record<string, string> = {}): InboundMessage => ({
    topic: stack.topics.dlq,
    group: 'dead-letters',
    partition: 0,
    offset: String(++offset),
    key: null,
    value: value === null ? null : Buffer.from(value),
    headers: { [DeadLetterHeaders.reason]: 'invalid_envelope', 'tenant-id': stack.tenant, ...headers },
    timestamp: Date.now(),
  });
  const rowOf = async (message: InboundMessage) =>
    (
      await stack.fixtures.db.query(
        `SELECT tenant_id, reason, detail, event_id, event_type, payload, payload_json, payload_unparsed, headers,
                source_partition, source_offset
           FROM dead_letters WHERE dlq_topic = $1 AND dlq_offset = $2`,
        [message.topic, message.offset],
      )
    ).rows;

  it.each([
    ['U+0000 in a string', '{"id":"e1","type":"a.b","data":{"s":"\\u0000"}}', 'not_storable_as_jsonb'],
    ['a lone surrogate', '{"id":"e1","type":"a.b","data":{"s":"\\ud800"}}', 'not_storable_as_jsonb'],
    ['a number beyond numeric', '{"id":"e1","type":"a.b","data":{"n":1e200000}}', 'not_storable_as_jsonb'],
    [
      '100,000 levels of arrays',
      `{"id":"e1","type":"a.b","data":${'['.repeat(1e5)}${']'.repeat(1e5)}}`,
      'not_storable_as_jsonb',
    ],
    ['text that is not JSON', '{"id":"e1", nope', 'not_json'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), 'not_utf8'],
    ['a registry frame', Buffer.from([0, 0, 0, 0, 7, 1, 2]), 'registry_framed'],
  ])('keeps %s as bytes, with why it is not JSON', async (_, value, why) => {
    const message = parked(value, { [DeadLetterHeaders.eventId]: 'e1', [DeadLetterHeaders.eventType]: 'a.b' });
    await index.record(message);
    const [row] = await rowOf(message);
    expect(row).toMatchObject({ reason: 'invalid_envelope', event_id: 'e1', event_type: 'a.b', payload_json: null });
    expect(row.payload_unparsed).toBe(why);
    expect(Buffer.compare(row.payload, Buffer.from(value))).toBe(0);
  });

  it('stores hostile headers made safe, and names the event of a parked task from its bytes', async () => {
    const task = deliveryTask(stack.tenant, randomUUID());
    const message = parked(JSON.stringify(task), {
      [DeadLetterHeaders.reason]: 'exhausted',
      [DeadLetterHeaders.detail]: 'nul \u0000 and \ud800',
      [DeadLetterHeaders.sourcePartition]: '99999999999',
      [DeadLetterHeaders.sourceOffset]: '12',
      [DeadLetterHeaders.at]: '2026-02-30T00:00:00Z',
      'x-\u0000': '\u0000',
    });
    await index.record(message);
    await index.record(message); // read twice, stored once

    const rows = await rowOf(message);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: stack.tenant,
      reason: 'exhausted',
      detail: 'nul \uFFFD and \uFFFD',
      event_id: task.event.id,
      event_type: 'order.created',
      payload_unparsed: null,
      source_partition: null,
      source_offset: '12',
    });
    expect(rows[0].payload_json).toMatchObject({ type: 'DeliveryTaskV1', subscription_id: task.subscription_id });
    expect(rows[0].headers['x-\uFFFD']).toBe('\uFFFD');
  });

  it('lists a refused event for its tenant by id, the newest first', async () => {
    const id = `evt_${randomUUID()}`;
    await index.record(
      parked('{"id": 1}', { [DeadLetterHeaders.eventId]: id, [DeadLetterHeaders.tenant]: stack.tenant }),
    );
    expect(await repository.page(stack.tenant, { eventId: id }, 10)).toEqual([
      expect.objectContaining({ event_id: id, reason: 'invalid_envelope', subscription_id: null }),
    ]);
    expect(await repository.page('another-tenant', { eventId: id }, 10)).toEqual([]);
  });
});
