import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OperationsCoreModule } from '../operations/operations-core.module.js';
import { ReportRowsRepository } from './report-rows.repository.js';
import { ReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';

/** Role api: POST /v1/reports starts a report operation, GET /v1/reports/{id} streams the result. */
@Module({
  imports: [OperationsCoreModule, AuthModule, IdempotencyModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportRowsRepository],
})
export class ReportsApiModule {}
