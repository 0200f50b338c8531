import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config/app-config.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { OperationEntity } from '../operation.entity.js';
import { OperationsService } from '../operations.service.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { resolveWindow } from '../time-window.js';
import type { CreateRecoveryDto } from './recovery.dto.js';
import type { RecoveryParameters } from './recovery.handler.js';

/**
 * Starts a recovery. How far back it reaches: events are kept EVENT_RETENTION_DAYS (their payloads
 * are what is re-sent), and "failed" also needs each event's latest attempt, kept
 * ATTEMPT_RETENTION_DAYS, so the shorter of the two bounds `since`.
 */
@Injectable()
export class RecoveriesService {
  constructor(
    private readonly operations: OperationsService,
    private readonly subscriptions: SubscriptionReader,
    private readonly config: AppConfig,
  ) {}

  async start(tenantId: string, subscriptionId: string, body: CreateRecoveryDto): Promise<OperationEntity> {
    if ((await this.subscriptions.statusOf(tenantId, subscriptionId)) === null)
      throw AppError.notFound('The webhook subscription');
    const subscription = await this.subscriptions.loadOne(tenantId, subscriptionId);
    // Its events live in their keys, not among the fanned-out events a recovery re-sends.
    if (subscription?.ordering) throw orderedRefused();
    const status = body.status ?? 'failed';
    const { eventDays: events, attemptDays: attempts } = this.config.retention;
    const retentionDays = status === 'failed' ? Math.min(events, attempts) : events;
    // Older events or their attempts are no longer stored: the window starts at what is.
    const window = resolveWindow(body.since, body.until, { retentionDays });
    const parameters: RecoveryParameters = {
      subscription_id: subscriptionId,
      since: window.start!,
      until: window.end,
      status,
      dry_run: body.dry_run ?? false,
    };
    return this.operations.start(tenantId, 'recovery', { ...parameters });
  }
}

function orderedRefused(): AppError {
  return new AppError(
    'CONFLICT',
    'The subscription delivers in order, and a recovery would send its events outside their keys. ' +
      'Redrive or skip a blocked key, or redrive its skipped events from the dead letters.',
  );
}
