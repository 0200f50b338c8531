import { Module } from '@nestjs/common';
import { DeadLettersModule } from '../../modules/events/dead-letters.module.js';
import { DeadLetterController } from './dead-letter.controller.js';

@Module({ imports: [DeadLettersModule], controllers: [DeadLetterController] })
export class DeadLetterConsumerModule {}
