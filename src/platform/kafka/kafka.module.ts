import { Global, Module } from '@nestjs/common';
import { BatchingProducer } from './batching-producer.js';
import { DeadLetterWriter } from './dead-letter.writer.js';
import { KafkaService } from './kafka.service.js';
import { PipelineHealth } from './pipeline-health.js';
import { WrittenWatermarks } from './written-watermarks.js';

@Global()
@Module({
  providers: [KafkaService, DeadLetterWriter, BatchingProducer, PipelineHealth, WrittenWatermarks],
  exports: [KafkaService, DeadLetterWriter, BatchingProducer, PipelineHealth, WrittenWatermarks],
})
export class KafkaModule {}
