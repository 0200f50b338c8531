import { Injectable } from '@nestjs/common';
import type { Message } from 'kafkajs';
import { MicroBatcher } from '../batching/micro-batcher.js';
import { KafkaService } from './kafka.service.js';

interface Send {
  topic: string;
  messages: Message[];
}

/**
 * Produces through one shared request for the sends of many concurrent callers: the idempotent
 * producer allows five requests in flight per broker, so one request per event would cap the
 * pipeline at a few thousand events per second. Each caller still resolves only once the broker
 * acknowledged its own records (acks=all); a failed request fails every caller in it.
 */
@Injectable()
export class BatchingProducer {
  private readonly batcher: MicroBatcher<Send>;

  constructor(kafka: KafkaService) {
    this.batcher = new MicroBatcher<Send>(
      async (sends) => {
        await kafka.sendBatch(sends);
        return sends.map(() => undefined);
      },
      { maxItems: 500, maxDelayMs: 2, maxConcurrentFlushes: 4 },
    );
  }

  send(topic: string, messages: Message[]): Promise<void> {
    return messages.length === 0 ? Promise.resolve() : this.batcher.add({ topic, messages });
  }
}
