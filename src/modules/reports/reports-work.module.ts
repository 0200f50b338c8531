import { Module } from '@nestjs/common';
import { AttemptLogModule } from '../delivery/attempt-log/attempt-log.module.js';
import { operationHandler, OperationHandlersModule } from '../operations/runner/operation-handler.js';
import { ReportHandler } from './report.handler.js';
import { ReportRowsRepository } from './report-rows.repository.js';

/** The report operation's work: its handler, registered with the operations runner's handlers. */
@Module({
  imports: [OperationHandlersModule, AttemptLogModule],
  providers: [ReportRowsRepository, ...operationHandler(ReportHandler)],
})
export class ReportsWorkModule {}
