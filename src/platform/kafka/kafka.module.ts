import { Global, Module } from '@nestjs/common';
import { BatchingProducer } from './batching-producer.js';
import { DeadLetterWriter } from './dead-letter.writer.js';
import { KafkaService } from './kafka.service.js';
import { PipelineHealth } from './pipeline-health.js';
import { StallConfirmation } from './stall-confirmation.js';

@Global()
@Module({
  providers: [KafkaService, DeadLetterWriter, BatchingProducer, PipelineHealth, StallConfirmation],
  exports: [KafkaService, DeadLetterWriter, BatchingProducer, PipelineHealth, StallConfirmation],
})
export class KafkaModule {}
