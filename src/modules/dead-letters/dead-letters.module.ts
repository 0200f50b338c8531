import { Module } from '@nestjs/common';
import { DeadLetterIndex } from './dead-letter-index.js';
import { DeadLettersRepository } from './dead-letters.repository.js';

/**
 * Dead letters: the dead_letters table (DeadLettersRepository, the only code that queries it) and
 * the index that fills it from <prefix>.dlq and from records too large for that topic. Every role
 * imports it (any stage may park an oversized record); other modules call the repository's methods.
 */
@Module({ providers: [DeadLettersRepository, DeadLetterIndex], exports: [DeadLettersRepository, DeadLetterIndex] })
export class DeadLettersModule {}
