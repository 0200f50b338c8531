import { Global, Module } from '@nestjs/common';
import { Outbox } from './outbox.js';
import { OutboxRelay } from './outbox-relay.js';

/** The changelog outbox and its relay; every role runs the relay, whichever wrote the rows. */
@Global()
@Module({ providers: [Outbox, OutboxRelay], exports: [Outbox, OutboxRelay] })
export class OutboxModule {}
