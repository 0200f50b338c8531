import { Global, Module } from '@nestjs/common';
import { DeadLetterWriter } from './dead-letter.writer.js';
import { KafkaService } from './kafka.service.js';

@Global()
@Module({ providers: [KafkaService, DeadLetterWriter], exports: [KafkaService, DeadLetterWriter] })
export class KafkaModule {}
