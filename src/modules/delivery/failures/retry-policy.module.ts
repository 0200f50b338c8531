import { Module } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { TopicNames } from '../../../topology.js';
import { retryPolicyFrom } from './failure-options.js';
import { RetryPolicy } from '../retry/retry-policy.js';

/** The one RetryPolicy, for the failure checks, the dispatch flow and the deferrals at fan-out. */
@Module({
  providers: [{ provide: RetryPolicy, useFactory: retryPolicyFrom, inject: [AppConfig, TopicNames] }],
  exports: [RetryPolicy],
})
export class RetryPolicyModule {}
