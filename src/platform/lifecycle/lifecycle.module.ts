import { Global, Module } from '@nestjs/common';
import { ShutdownDeadline } from './shutdown-deadline.js';

/** The stop's one deadline, for every part that waits for its work at the stop. */
@Global()
@Module({ providers: [ShutdownDeadline], exports: [ShutdownDeadline] })
export class LifecycleModule {}
