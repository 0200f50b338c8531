import { Module } from '@nestjs/common';
import { DeadLetterIndex } from './dead-letter-index.js';

@Module({ providers: [DeadLetterIndex], exports: [DeadLetterIndex] })
export class DeadLettersModule {}
