import type { Message, RecordMetadata } from 'kafkajs';
import type { InboundMessage } from '../../../src/platform/kafka/inbound-message.js';
import {
  combinePlacements,
  placementOfSend,
  placementsOfRequest,
} from '../../../src/platform/kafka/record-placement.js';
import {
  consumedAttributes,
  placementAttributes,
  producerLink,
  sentAttributes,
} from '../../../src/platform/telemetry/messaging-spans.js';
import { withoutQueryString } from '../../../src/platform/telemetry/sdk.js';

const record = (over: Partial<InboundMessage> = {}): InboundMessage => ({
  topic: 'webhooks.retry-1m',
  group: 'hookline.retry-1m',
  partition: 4,
  offset: '1207',
  key: Buffer.from('sub-1'),
  value: null,
  headers: {},
  timestamp: 0,
  ...over,
});
const meta = (partition: number, baseOffset: string): RecordMetadata => ({
  topicName: 't',
  partition,
  errorCode: 0,
  baseOffset,
});

/** The messaging semantic conventions, built in one place: what every span of the pipeline says. */
describe('messaging span attributes', () => {
  it('names destination, group, partition and offset of a consumed record; its key only when asked', () => {
    expect(consumedAttributes(record(), { operation: 'deliver', key: true })).toEqual({
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'messaging.operation.name': 'deliver',
      'messaging.destination.name': 'webhooks.retry-1m',
      'messaging.consumer.group.name': 'hookline.retry-1m',
      'messaging.destination.partition.id': '4',
      'messaging.kafka.offset': 1207,
      'messaging.kafka.message.key': 'sub-1',
    });
    expect(consumedAttributes(record())).not.toHaveProperty('messaging.kafka.message.key');
    expect(consumedAttributes(record({ key: Buffer.alloc(0) }), { key: true })).not.toHaveProperty(
      'messaging.kafka.message.key',
    );
  });

  it('counts a batch only when it is one', () => {
    expect(sentAttributes('webhooks.deliveries', 1)).not.toHaveProperty('messaging.batch.message_count');
    expect(sentAttributes('webhooks.deliveries', 3)).toMatchObject({ 'messaging.batch.message_count': 3 });
    expect(placementAttributes({ partition: 2 })).toEqual({ 'messaging.destination.partition.id': '2' });
    expect(placementAttributes({ partition: 2, offset: '9' })).toMatchObject({ 'messaging.kafka.offset': 9 });
  });

  it("links to the producer span named by the record's traceparent, and to nothing without one", () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(producerLink(record({ headers: { traceparent } }))?.context.spanId).toBe('00f067aa0ba902b7');
    expect(producerLink(record())).toBeUndefined();
    expect(producerLink(record({ headers: { traceparent: 'garbage' } }))).toBeUndefined();
  });

  it('drops url.query when there is no query, and redacts one that is there', () => {
    expect(withoutQueryString({ origin: 'https://a.example', path: '/hook' })).toEqual({ 'url.query': undefined });
    expect(withoutQueryString({ origin: 'https://a.example', path: '/hook?token=x' })).toEqual({
      'url.full': 'https://a.example/hook?REDACTED',
      'url.query': 'REDACTED',
    });
  });
});

describe('record placement from a produce response', () => {
  it("gives each send of a request its records' partition, and the offset of a single record", () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((key): Message => ({ key, value: key }));
    const partitionOf = new Map<Message, number>([
      [a, 0],
      [b, 1],
      [c, 0],
      [d, 0],
    ]);
    const placements = placementsOfRequest(
      [
        { topic: 't', messages: [a] },
        { topic: 't', messages: [b, c] },
        { topic: 't', messages: [d] },
      ],
      [meta(0, '100'), meta(1, '7')],
      (m) => partitionOf.get(m),
    );
    // Partition 0 holds a, c, d at 100, 101, 102 (request order); b and c span two partitions.
    expect(placements).toEqual([{ partition: 0, offset: '100' }, undefined, { partition: 0, offset: '102' }]);
  });

  it('says nothing when the partitioner did not note a record (tracing was off)', () => {
    expect(placementsOfRequest([{ topic: 't', messages: [{ value: 'x' }] }], [meta(0, '1')], () => undefined)).toEqual([
      undefined,
    ]);
  });

  it('reads a single send, and combines the chunks of one', () => {
    expect(placementOfSend([meta(3, '42')], 1)).toEqual({ partition: 3, offset: '42' });
    expect(placementOfSend([meta(3, '42')], 2)).toEqual({ partition: 3 });
    expect(placementOfSend([meta(3, '42'), meta(1, '1')], 2)).toBeUndefined();
    expect(combinePlacements([{ partition: 1, offset: '5' }])).toEqual({ partition: 1, offset: '5' });
    expect(combinePlacements([{ partition: 1, offset: '5' }, { partition: 1 }])).toEqual({ partition: 1 });
    expect(combinePlacements([{ partition: 1 }, { partition: 2 }])).toBeUndefined();
  });
});
