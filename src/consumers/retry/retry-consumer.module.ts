import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../../modules/deliveries/deliveries.module.js';
import { RetryController } from './retry.controller.js';

@Module({ imports: [DeliveriesModule], controllers: [RetryController] })
export class RetryConsumerModule {}
