import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../../modules/delivery/delivery.module.js';
import { RetryController } from './retry.controller.js';

@Module({ imports: [DeliveriesModule], controllers: [RetryController] })
export class RetryConsumerModule {}
