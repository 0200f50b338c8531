import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Admin } from 'kafkajs';
import { AppConfig } from '../config/app-config.js';
import { KafkaService } from '../kafka/kafka.service.js';
import type { TopicSpec } from '../kafka/pipeline-topology.js';
import { gauge } from './metrics.js';

const REFRESH_MS = 5_000;
const TIMEOUT_MS = 3_000;

interface Lag {
  topic: string;
  group: string;
  lag: number;
  tier?: string;
}

/**
 * Consumer lag per topic (records not yet committed by its group) and, for the retry tiers, the
 * same number as the tier's depth: tasks waiting for their due time. Read from the broker at scrape
 * time for the topics this instance consumes, at most every 5 s; a broker that does not answer
 * leaves the previous values rather than failing the scrape. Every replica of a role reports the
 * same numbers: aggregate with max, not sum.
 */
@Injectable()
export class KafkaLagMetrics implements OnModuleDestroy {
  private admin?: Admin;
  private last: Lag[] = [];
  private lastAt = 0;
  private pending?: Promise<void>;
  private readonly log = new Logger('KafkaLagMetrics');

  constructor(
    private readonly config: AppConfig,
    private readonly kafka: KafkaService,
  ) {
    gauge('hookline_kafka_consumer_lag', 'Records not yet committed by the consumer group', ['topic', 'group'], (g) =>
      this.collect().then(() => {
        g.reset();
        for (const l of this.last) g.set({ topic: l.topic, group: l.group }, l.lag);
      }),
    );
    gauge('hookline_retry_tier_depth', 'Tasks waiting in a retry tier', ['tier', 'topic'], (g) =>
      this.collect().then(() => {
        g.reset();
        for (const l of this.last) if (l.tier) g.set({ tier: l.tier, topic: l.topic }, l.lag);
      }),
    );
  }

  private collect(): Promise<void> {
    if (Date.now() - this.lastAt < REFRESH_MS) return Promise.resolve();
    this.pending ??= Promise.race([this.read(), new Promise<void>((r) => setTimeout(r, TIMEOUT_MS).unref())])
      .catch((error: unknown) => this.log.debug?.(`lag not read: ${String(error)}`))
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async read(): Promise<void> {
    if (!this.admin) {
      const admin = this.kafka.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    const admin = this.admin;
    const specs = this.consumedTopics();
    const lags = await Promise.all(
      specs.map(async (spec): Promise<Lag> => {
        const [ends, committed] = await Promise.all([
          admin.fetchTopicOffsets(spec.topic),
          admin.fetchOffsets({ groupId: spec.consumer.group, topics: [spec.topic] }),
        ]);
        const done = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
        const lag = ends.reduce((sum, p) => {
          const at = done.get(p.partition) ?? -1;
          return sum + Math.max(0, Number(p.high) - (at >= 0 ? at : Number(p.low)));
        }, 0);
        return { topic: spec.topic, group: spec.consumer.group, lag, tier: spec.consumer.tier };
      }),
    );
    this.last = lags;
    this.lastAt = Date.now();
  }

  /** Per-instance (broadcast) groups are left out: each instance's own copy of the changelog. */
  private consumedTopics(): TopicSpec[] {
    return this.kafka.topology.consumedWith((r) => this.config.hasRole(r)).filter((t) => !t.consumer.broadcast);
  }

  async onModuleDestroy(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
  }
}
