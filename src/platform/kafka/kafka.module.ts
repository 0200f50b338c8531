import { Global, Module } from '@nestjs/common';
import { BatchingProducer } from './batching-producer.js';
import { DeadLetterWriter } from './dead-letter.writer.js';
import { KafkaService } from './kafka.service.js';

@Global()
@Module({
  providers: [KafkaService, DeadLetterWriter, BatchingProducer],
  exports: [KafkaService, DeadLetterWriter, BatchingProducer],
})
export class KafkaModule {}
