import { Module } from '@nestjs/common';
import { ReportHandler } from './report.handler.js';
import { ReportRowsRepository } from './report-rows.repository.js';

/** The report operation's work, run by the operations runner. */
@Module({ providers: [ReportHandler, ReportRowsRepository], exports: [ReportHandler] })
export class ReportsWorkModule {}
