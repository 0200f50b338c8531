import { Module } from '@nestjs/common';
import { SubscriptionPressure } from './subscription-pressure.js';

/**
 * The one owner of subscription pressure, one per process: the consumer base (through bootstrap,
 * as its KeyPressure), dispatch and fan-out all ask the same instance.
 */
@Module({ providers: [SubscriptionPressure], exports: [SubscriptionPressure] })
export class PressureModule {}
