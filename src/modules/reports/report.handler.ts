import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config.js';
import type { OperationHandler, OperationOutcome } from '../operations/runner/operation-handler.js';
import type { OperationRun } from '../operations/runner/operation-run.js';
import { AttemptLog } from '../delivery/attempt-log/attempt-log.js';
import type { AttemptWindow } from '../delivery/attempt-log/attempt-log.types.js';
import { ReportRowsRepository } from './report-rows.repository.js';

export type ReportFormat = 'csv' | 'json';

export interface ReportParameters {
  subscription_id: string | null;
  from: string;
  to: string;
  format: ReportFormat;
}

interface ReportCheckpoint {
  total: number;
  processed: number;
  rows: number;
  /** The last subscription aggregated (subscriptions are taken in id order). */
  after: string | null;
}

/**
 * Delivery report: attempts, success ratio and latency percentiles per subscription and event
 * type, aggregated by Postgres from the attempt log a few subscriptions at a time (only the
 * aggregates, a row per subscription and event type, pass through this process) into report_rows,
 * each batch committed with its checkpoint. A subscription's aggregate is heavier than one event of
 * a recovery, hence a tenth of OPERATIONS_BATCH_SIZE subscriptions per batch.
 */
@Injectable()
export class ReportHandler implements OperationHandler {
  readonly kind = 'report' as const;

  constructor(
    private readonly rows: ReportRowsRepository,
    private readonly attempts: AttemptLog,
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async run(run: OperationRun): Promise<OperationOutcome> {
    const p = run.parameters as unknown as ReportParameters;
    const { id, tenantId } = run.operation;
    const scope: AttemptWindow = { tenantId, from: p.from, to: p.to };
    const perBatch = Math.max(1, Math.floor(this.config.operations.batchSize / 10));
    let state = run.resumeFrom as ReportCheckpoint | null;
    if (!state) {
      const total = p.subscription_id ? 1 : await this.attempts.countSubscriptionsWithAttempts(scope);
      state = { total, processed: 0, rows: 0, after: null };
      await run.checkpoint(state, 0);
    }
    for (;;) {
      const previous: ReportCheckpoint = state;
      const ids: string[] = p.subscription_id
        ? previous.processed === 0
          ? [p.subscription_id]
          : []
        : await this.attempts.subscriptionsWithAttempts(scope, previous.after, perBatch);
      if (ids.length === 0) break;
      state = await this.db.transaction(async (tx): Promise<ReportCheckpoint> => {
        const added = await this.rows.insert(tx, id, tenantId, await this.attempts.summaries(scope, ids, tx));
        const next: ReportCheckpoint = {
          total: previous.total,
          processed: previous.processed + ids.length,
          rows: previous.rows + added,
          after: ids[ids.length - 1],
        };
        await run.checkpoint(next, next.total > 0 ? Math.min(1, next.processed / next.total) : 1, tx);
        return next;
      });
    }
    return {
      result: { subscriptions: state.processed, rows: state.rows, format: p.format },
      resultUrl: `/v1/reports/${id}`,
    };
  }
}
