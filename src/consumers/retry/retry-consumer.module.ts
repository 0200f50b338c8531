import { Module } from '@nestjs/common';
import { DeliveryModule } from '../../modules/delivery/delivery.module.js';
import { RetryController } from './retry.controller.js';

@Module({ imports: [DeliveryModule], controllers: [RetryController] })
export class RetryConsumerModule {}
