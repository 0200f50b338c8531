import { KafkaService, withProtocolRetries } from '../../src/platform/kafka/kafka.service.js';
import { topicNamesOf } from '../../src/topology.js';
import { PipelineHarness } from '../support/harness.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

const MB = 1024 * 1024;

/**
 * Quarantine cannot fail and a produce failure never wedges the pipeline. The ingest topic accepts
 * 5 MB records while Hookline's own topics hold far less (MAX_EVENT_BYTES=256 KiB here): a 1.5 MB
 * event is parked with its bytes in Postgres and the ingest offset moves past it. Then the
 * deliveries topic is deleted under the running service: readiness fails while nothing can be
 * produced, and once the topic is back every event is delivered, with no restart.
 */
describe('pipeline: quarantine and produce failures', () => {
  let h: PipelineHarness;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: {
        ROLES: 'api,ingest,delivery,operations',
        MAX_EVENT_BYTES: String(256 * 1024),
        KAFKA_TOPIC_PARTITIONS: '1',
        LOG_LEVEL: 'warn',
      },
      subscriptions: [{ path: '/hook', events: ['*'] }],
      beforeTopics: (kafka, config) => createIngestTopic(kafka, config.ingest.topics[0], 5 * MB),
    });
  });
  afterAll(() => h?.close());

  const delivered = (events: { id: string }[]) => () => h.delivered(events);
  const committedIngestOffset = async () => {
    const admin = h.kafka.kafka.admin();
    await admin.connect();
    try {
      const [topic] = await admin.fetchOffsets({
        groupId: `${h.config.kafka.groupPrefix}.ingest`,
        topics: [h.config.ingest.topics[0]],
      });
      return Number(topic.partitions[0].offset);
    } finally {
      await admin.disconnect();
    }
  };

  it('parks a 1.5 MB event the DLQ topic cannot hold in Postgres, and commits past it within seconds', async () => {
    const before = envelope('order.created', { order_id: 'before' });
    const huge = envelope('order.created', { order_id: 'huge', note: 'x'.repeat(1.5 * MB) });
    const after = envelope('order.created', { order_id: 'after' });
    await h.publish([before]);
    await h.publish([huge]);
    await h.publish([after]);
    await eventually(delivered([before, after]), 30_000, 'neighbours delivered');
    await eventually(async () => (await committedIngestOffset()) >= 3, 10_000, 'ingest offset past the event');

    await eventually(
      async () => (await h.fixtures.deadLetters(h.config.ingest.topics[0])).length === 1,
      15_000,
      'parked',
    );
    const rows = await h.fixtures.db.query(
      `SELECT reason, detail, length(payload) AS bytes, headers FROM dead_letters WHERE source_topic = $1`,
      [h.config.ingest.topics[0]],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ reason: 'too_large', bytes: JSON.stringify(huge).length });
    expect(rows.rows[0].detail).toMatch(/MAX_EVENT_BYTES.*too large for .*\.dlq: \d+ bytes, sha256 [0-9a-f]{64}/);
    expect(rows.rows[0].headers['hookline-dlq-stored-as']).toBeDefined();
  });

  it('is not ready while its DLQ topic is gone, then parks and delivers everything without a restart', async () => {
    const dlq = topicNamesOf(h.config).dlq;
    const ready = () => fetch(`${h.baseUrl}/health/ready`);
    expect((await ready()).status).toBe(200);
    const admin = h.kafka.kafka.admin();
    await admin.connect();
    try {
      await admin.deleteTopics({ topics: [dlq] });
      const poison = [
        { id: 'x', type: 'no dots' },
        { id: 'y', type: 'no dots' },
      ];
      const during = Array.from({ length: 20 }, (_, i) => envelope('order.created', { order_id: `during-${i}` }));
      await h.publish([...poison, ...during]);
      // The reason's code and the topic at fault, and no internal message: read from the 503 itself,
      // since a later request may fall between two failed produce attempts.
      let body: { error: Record<string, Record<string, string>> } = { error: {} };
      await eventually(
        async () => {
          const res = await ready();
          if (res.status !== 503) return false;
          body = (await res.json()) as typeof body;
          return body.error.pipeline?.code === 'kafka_produce_failed';
        },
        20_000,
        'readiness 503 for the DLQ',
      );
      expect(Object.keys(body.error.pipeline).sort()).toEqual(['code', 'status', 'topic']);
      expect(body.error.pipeline).toMatchObject({ status: 'down', code: 'kafka_produce_failed' });
      expect(body.error.pipeline.topic.split(',')).toContain(dlq);
      // Parking is retried, not failed: the good events around the poison ones flow meanwhile.
      await eventually(delivered(during), 30_000, 'events published during the outage delivered');

      await withProtocolRetries(() =>
        admin.createTopics({
          waitForLeaders: true,
          topics: [
            {
              topic: dlq,
              numPartitions: 1,
              configEntries: [{ name: 'max.message.bytes', value: String(h.kafka.recordLimitBytes) }],
            },
          ],
        }),
      );
      await eventually(async () => (await ready()).status === 200, 30_000, 'ready again');
      const next = Array.from({ length: 1000 }, (_, i) => envelope('order.updated', { order_id: `next-${i}` }));
      await h.publish(next);
      await eventually(delivered(next), 60_000, '1,000 events after recovery delivered');
      const metrics = await h.scrape();
      expect(metrics).toMatch(/hookline_dlq_parked_total\{reason="invalid_envelope"\} [1-9]/);
      expect(metrics).toMatch(/hookline_produce_errors_total\{kind="transient"\} [1-9]/);
      expect(metrics).not.toMatch(/hookline_dlq_parked_total\{reason="processing_error"\}/);
    } finally {
      await admin.disconnect();
    }
  }, 150_000);
});

async function createIngestTopic(kafka: KafkaService, topic: string, maxMessageBytes: number): Promise<void> {
  const admin = kafka.kafka.admin();
  await admin.connect();
  try {
    await withProtocolRetries(() =>
      admin.createTopics({
        waitForLeaders: true,
        topics: [
          { topic, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: String(maxMessageBytes) }] },
        ],
      }),
    );
  } finally {
    await admin.disconnect();
  }
}
