import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { KafkaService } from '../../platform/kafka/kafka.service.js';
import { topicNames } from '../../topology.js';

/**
 * A change to one subscription, on the compacted `<prefix>.subscriptions` topic (key = id).
 * Consumers reload the subscription from Postgres (or drop it when deleted): secrets never travel
 * through Kafka. `version` lets a consumer ignore a change older than what it already has.
 */
export interface SubscriptionChangedV1 {
  type: 'SubscriptionChangedV1';
  id: string;
  tenant_id: string;
  version: number;
  deleted: boolean;
}

/** Publishes subscription changes so every instance's in-memory table follows Postgres. */
@Injectable()
export class SubscriptionChangelog {
  private readonly topic: string;

  constructor(
    private readonly kafka: KafkaService,
    config: AppConfig,
  ) {
    this.topic = topicNames(config.env.KAFKA_TOPIC_PREFIX, config.retrySchedule).subscriptions;
  }

  async publish(change: { id: string; tenantId: string; version: number; deleted?: boolean }): Promise<void> {
    const message: SubscriptionChangedV1 = {
      type: 'SubscriptionChangedV1',
      id: change.id,
      tenant_id: change.tenantId,
      version: change.version,
      deleted: change.deleted ?? false,
    };
    await this.kafka.send(this.topic, [{ key: change.id, value: JSON.stringify(message) }]);
  }
}
