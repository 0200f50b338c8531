import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperationEntity } from '../operations/operation.entity.js';
import { OperationsService } from '../operations/operations.service.js';
import { SubscriptionReader } from '../subscriptions/subscription-reader.js';
import { resolveWindow } from '../operations/time-window.js';
import type { ReportParameters } from './report.handler.js';
import type { CreateReportDto } from './report.dto.js';
import { ReportRowsRepository, type ReportRow } from './report-rows.repository.js';

const PAGE_ROWS = 1000;

/** Starts report operations and reads finished reports back, page by page. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly operations: OperationsService,
    private readonly subscriptions: SubscriptionReader,
    private readonly rows: ReportRowsRepository,
  ) {}

  async start(tenantId: string, body: CreateReportDto): Promise<OperationEntity> {
    const subscriptionId = body.subscription_id?.toLowerCase() ?? null;
    if (subscriptionId && (await this.subscriptions.statusOf(tenantId, subscriptionId)) === null)
      throw AppError.notFound('The webhook subscription');
    const window = resolveWindow(body.from, body.to);
    const parameters: ReportParameters = {
      subscription_id: subscriptionId,
      from: window.start!,
      to: window.end,
      format: body.format ?? 'json',
    };
    return this.operations.start(tenantId, 'report', { ...parameters });
  }

  /** A completed report operation; 404 for anything else than a report, 409 while it is not ready. */
  async completed(tenantId: string, id: string): Promise<OperationEntity> {
    const operation = await this.operations.get(tenantId, id);
    if (operation.kind !== 'report') throw AppError.notFound('The report');
    if (operation.status !== 'COMPLETED')
      throw new AppError(
        'CONFLICT',
        `The report is not ready (operation ${operation.status}); poll /v1/operations/${id} until COMPLETED.`,
      );
    return operation;
  }

  /** The report's rows in pages of PAGE_ROWS, read as they are sent (keyset paging, nothing held). */
  async *pages(tenantId: string, id: string): AsyncGenerator<ReportRow[]> {
    let after: { subscriptionId: string; eventType: string } | null = null;
    for (;;) {
      const page = await this.rows.page(tenantId, id, after, PAGE_ROWS);
      if (page.length === 0) return;
      yield page;
      const last = page[page.length - 1];
      after = { subscriptionId: last.subscription_id, eventType: last.event_type };
      if (page.length < PAGE_ROWS) return;
    }
  }
}
