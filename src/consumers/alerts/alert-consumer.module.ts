import { Module } from '@nestjs/common';
import { AlertsModule } from '../../modules/delivery/alerts/alerts.module.js';
import { AlertController } from './alert.controller.js';

@Module({ imports: [AlertsModule], controllers: [AlertController] })
export class AlertConsumerModule {}
