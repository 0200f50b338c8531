import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import type { InboundMessage } from './inbound-message.js';
import { KafkaService } from './kafka.service.js';

/** Header names a dead-letter record carries; documented in the README's topics table. */
export const DeadLetterHeaders = {
  reason: 'hookline-dlq-reason',
  detail: 'hookline-dlq-detail',
  sourceTopic: 'hookline-source-topic',
  sourcePartition: 'hookline-source-partition',
  sourceOffset: 'hookline-source-offset',
  at: 'hookline-dlq-at',
} as const;

/**
 * Parks a record on <prefix>.dlq with why and where it came from, keeping its bytes and headers
 * intact so that a redrive can replay it. Resolves only once the broker has acknowledged.
 */
@Injectable()
export class DeadLetterWriter {
  readonly topic: string;

  constructor(
    private readonly kafka: KafkaService,
    config: AppConfig,
  ) {
    this.topic = `${config.env.KAFKA_TOPIC_PREFIX}.dlq`;
  }

  async park(message: InboundMessage, reason: string, detail = ''): Promise<void> {
    await this.kafka.send(this.topic, [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          [DeadLetterHeaders.reason]: reason,
          [DeadLetterHeaders.detail]: detail.slice(0, 1000),
          [DeadLetterHeaders.sourceTopic]: message.topic,
          [DeadLetterHeaders.sourcePartition]: String(message.partition),
          [DeadLetterHeaders.sourceOffset]: message.offset,
          [DeadLetterHeaders.at]: new Date().toISOString(),
        },
      },
    ]);
  }
}
