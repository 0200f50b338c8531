import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../../modules/deliveries/deliveries.module.js';
import { DeliveryController } from './delivery.controller.js';

@Module({ imports: [DeliveriesModule], controllers: [DeliveryController] })
export class DeliveryConsumerModule {}
