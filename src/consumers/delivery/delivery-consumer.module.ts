import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../../modules/delivery/delivery.module.js';
import { DeliveryController } from './delivery.controller.js';

@Module({ imports: [DeliveriesModule], controllers: [DeliveryController] })
export class DeliveryConsumerModule {}
