import { Module } from '@nestjs/common';
import { operationHandler, OperationHandlersModule } from '../operations/runner/operation-handler.js';
import { ReportHandler } from './report.handler.js';
import { ReportRowsRepository } from './report-rows.repository.js';

/** The report operation's work: its handler, registered with the operations runner's handlers. */
@Module({
  imports: [OperationHandlersModule],
  providers: [ReportRowsRepository, ...operationHandler(ReportHandler)],
})
export class ReportsWorkModule {}
