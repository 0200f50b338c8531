import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { KafkaService } from '../../platform/kafka/kafka.service.js';
import { topicNames } from '../../topology.js';

/**
 * A change to one event type, on the compacted `<prefix>.event-types` topic (key = the type).
 * Every instance re-reads that type from Postgres; `revision` lets it ignore an older record.
 */
export interface EventTypeChangedV1 {
  type: 'EventTypeChangedV1';
  event_type: string;
  revision: number;
}

export function parseEventTypeChanged(value: Buffer | null): EventTypeChangedV1 | undefined {
  try {
    const message = JSON.parse(value?.toString('utf8') ?? '') as Partial<EventTypeChangedV1>;
    if (message?.type !== 'EventTypeChangedV1' || typeof message.event_type !== 'string') return undefined;
    return typeof message.revision === 'number' ? (message as EventTypeChangedV1) : undefined;
  } catch {
    return undefined;
  }
}

/** Publishes catalog changes so every instance's copy follows Postgres within moments. */
@Injectable()
export class EventTypeChangelog {
  private readonly topic: string;

  constructor(
    private readonly kafka: KafkaService,
    config: AppConfig,
  ) {
    this.topic = topicNames(config.env.KAFKA_TOPIC_PREFIX, config.retrySchedule).eventTypes;
  }

  async publish(change: { type: string; revision: number }): Promise<void> {
    const message: EventTypeChangedV1 = {
      type: 'EventTypeChangedV1',
      event_type: change.type,
      revision: change.revision,
    };
    await this.kafka.send(this.topic, [{ key: change.type, value: JSON.stringify(message) }]);
  }
}
