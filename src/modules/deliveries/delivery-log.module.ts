import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogRepository } from './delivery-log.repository.js';
import { DeliveryLogService } from './delivery-log.service.js';

/** The read side of delivery attempts (role api). */
@Module({
  imports: [AuthModule],
  controllers: [DeliveryLogController],
  providers: [DeliveryLogService, DeliveryLogRepository],
})
export class DeliveryLogModule {}
