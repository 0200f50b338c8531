import { Module } from '@nestjs/common';
import { AlertSender } from './alert-sender.js';
import { SubscriptionStoreModule } from '../../subscriptions/subscription-store.module.js';

/** Sending alert events to alert addresses (role delivery). */
@Module({ imports: [SubscriptionStoreModule], providers: [AlertSender], exports: [AlertSender] })
export class AlertsModule {}
