import { Module } from '@nestjs/common';
import { RetryPolicyModule } from '../failures/retry-policy.module.js';
import { PressureModule } from '../pressure/pressure.module.js';
import { DirectLane } from './direct-lane.js';
import { TaskDeferral } from './task-deferral.js';
import { TaskForwarder } from './task-forwarder.js';

/**
 * Handing tasks on to a retry tier or the DLQ, deferrals, the pressure owner that decides them and
 * the direct lane: what the delivery stage, the retry tiers and fan-out share, without the rest of
 * the dispatch flow (an ingest-only process needs no egress or circuit state: its lane stays closed).
 */
@Module({
  imports: [RetryPolicyModule, PressureModule],
  providers: [TaskForwarder, TaskDeferral, DirectLane],
  exports: [TaskForwarder, TaskDeferral, DirectLane, PressureModule],
})
export class DeferralModule {}
