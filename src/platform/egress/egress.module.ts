import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { EgressClient } from './egress-client.js';
import { EgressGuard } from './egress-guard.js';
import { IpPolicy } from './ip-policy.js';

/** Outbound HTTP to consumer endpoints, for every role: the API verifies URLs, the pipeline delivers. */
@Global()
@Module({
  providers: [
    {
      provide: IpPolicy,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new IpPolicy(config.egress.allowCidrs),
    },
    { provide: EgressGuard, inject: [IpPolicy], useFactory: (policy: IpPolicy) => new EgressGuard(policy) },
    {
      provide: EgressClient,
      inject: [AppConfig, EgressGuard],
      useFactory: (c: AppConfig, g: EgressGuard) => new EgressClient(c, g),
    },
  ],
  exports: [IpPolicy, EgressGuard, EgressClient],
})
export class EgressModule {}
