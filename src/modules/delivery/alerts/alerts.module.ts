import { Module } from '@nestjs/common';
import { AlertSender } from './alert-sender.js';
import { FailuresModule } from '../failures/failures.module.js';

/** Sending alert events to alert addresses (role delivery). */
@Module({ imports: [FailuresModule], providers: [AlertSender], exports: [AlertSender] })
export class AlertsModule {}
