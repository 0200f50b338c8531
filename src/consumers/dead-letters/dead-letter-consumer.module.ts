import { Module } from '@nestjs/common';
import { DeadLettersModule } from '../../modules/dead-letters/dead-letters.module.js';
import { DeadLetterController } from './dead-letter.controller.js';

@Module({ imports: [DeadLettersModule], controllers: [DeadLetterController] })
export class DeadLetterConsumerModule {}
