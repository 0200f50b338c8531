import type { Gauge } from 'prom-client';
import { gauge } from '../telemetry/metrics.js';
import type { PartitionedConsumer } from './partitioned-consumer.js';
import type { TopicSpec } from './pipeline-topology.js';

/**
 * The consumers' buffers as gauges, read at each scrape: `consumers[i]` reads `active[i].topic`.
 * The array is the transport's own, so consumers created later are read too.
 */
export function exposeConsumerOccupancy(consumers: readonly PartitionedConsumer[], active: TopicSpec[]): void {
  const each = (read: (c: PartitionedConsumer) => number) => (g: Gauge<'topic'>) =>
    consumers.forEach((c, i) => g.set({ topic: active[i].topic }, read(c)));
  gauge(
    'hookline_consumer_buffered_records',
    'Records in a consumer buffer (waiting or in flight)',
    ['topic'],
    each((c) => c.occupancy.buffered),
  );
  gauge(
    'hookline_consumer_buffered_bytes',
    'Bytes of the records in a consumer buffer (bounded by CONSUMER_MAX_BUFFERED_BYTES)',
    ['topic'],
    each((c) => c.occupancy.bufferedBytes),
  );
  gauge(
    'hookline_consumer_backpressured_partitions',
    'Partitions whose intake waits for room in the buffer right now (back-pressure of a busy consumer)',
    ['topic'],
    each((c) => c.occupancy.backPressuredPartitions),
  );
  gauge(
    'hookline_consumer_blocked_partitions',
    'Partitions whose intake has waited for room past the blocked threshold (2 s): the buffer does not drain (stays 0 when stalled subscriptions step aside)',
    ['topic'],
    each((c) => c.occupancy.blockedPartitions),
  );
  gauge(
    'hookline_consumer_partition_buffered_records',
    "Records of one partition read and not yet finished: one subscription's surplus steps aside before it fills this",
    ['topic', 'partition'],
    (g) => {
      g.reset();
      consumers.forEach((c, i) => {
        for (const [partition, records] of c.partitionOccupancy)
          g.set({ topic: active[i].topic, partition: String(partition) }, records);
      });
    },
  );
}
