import { Module } from '@nestjs/common';
import { DeliveryModule } from '../../modules/delivery/delivery.module.js';
import { DeliveryController } from './delivery.controller.js';

@Module({ imports: [DeliveryModule], controllers: [DeliveryController] })
export class DeliveryConsumerModule {}
