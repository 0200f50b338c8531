import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DeliveryRequestReconstruction } from './delivery-log-request.js';
import { DeliveryStatsRepository } from './delivery-log-stats.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { DeliveryLogRepository } from './delivery-log.repository.js';
import { DeliveryLogService } from './delivery-log.service.js';

/** The read side of delivery attempts (role api). */
@Module({
  imports: [AuthModule],
  controllers: [DeliveryLogController],
  providers: [DeliveryLogService, DeliveryLogRepository, DeliveryStatsRepository, DeliveryRequestReconstruction],
})
export class DeliveryLogModule {}
