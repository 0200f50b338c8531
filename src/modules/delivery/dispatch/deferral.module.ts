import { Module } from '@nestjs/common';
import { RetryPolicyModule } from '../failures/retry-policy.module.js';
import { PressureModule } from '../pressure/pressure.module.js';
import { TaskDeferral } from './task-deferral.js';
import { TaskForwarder } from './task-forwarder.js';

/**
 * Handing tasks on to a retry tier or the DLQ, deferrals, and the pressure owner that decides them:
 * what the delivery stage, the retry tiers and fan-out share, without the rest of the dispatch flow
 * (an ingest-only process needs no egress or circuit state).
 */
@Module({
  imports: [RetryPolicyModule, PressureModule],
  providers: [TaskForwarder, TaskDeferral],
  exports: [TaskForwarder, TaskDeferral, PressureModule],
})
export class DeferralModule {}
