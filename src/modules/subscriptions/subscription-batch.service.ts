import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { ERROR_STATUS } from '../../platform/errors/error-codes.js';
import { conflict, SubscriptionsService } from './subscriptions.service.js';
import { batchShapeErrors } from './subscription-input.js';
import { toResource } from './subscription-view.js';
import { VerificationBudget } from './verification-budget.js';
import type { SubscriptionResource } from './subscription.dto.js';

export interface BatchItemResult {
  index: number;
  id?: string;
  status: number;
  subscription?: SubscriptionResource;
  error?: { code: string; message: string; details?: { field: string; code: string; message: string }[] };
}

/** Items verified at a time (at most the tenant's verification concurrency): 100 items well within a request. */
const CONCURRENCY = 8;

/** POST /webhooks/batch: each item is created independently, exactly as POST /webhooks would. */
@Injectable()
export class SubscriptionBatchService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly config: AppConfig,
    private readonly budget: VerificationBudget,
  ) {}

  async create(tenantId: string, body: unknown): Promise<BatchItemResult[]> {
    if (!Array.isArray(body)) {
      throw AppError.validation([
        { field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON array of subscriptions.' },
      ]);
    }
    const max = this.config.api.batchMaxItems;
    if (body.length === 0) {
      throw AppError.validation([
        { field: 'body', code: 'TOO_FEW', message: 'The batch must hold at least one item.' },
      ]);
    }
    if (body.length > max) {
      throw new AppError('BATCH_TOO_LARGE', `A batch holds at most ${max} items; this one has ${body.length}.`, [
        { field: 'body', code: 'TOO_MANY', message: `at most ${max} items` },
      ]);
    }
    const shapeErrors = await batchShapeErrors(body);
    if (shapeErrors.length) throw AppError.validation(shapeErrors);
    const results: BatchItemResult[] = new Array(body.length);
    const duplicates = laterDuplicates(body);
    let next = 0;
    const worker = async () => {
      while (next < body.length) {
        const index = next++;
        results[index] = duplicates.has(index)
          ? { index, status: ERROR_STATUS.CONFLICT, error: { code: 'CONFLICT', message: conflict().message } }
          : await this.createOne(tenantId, index, body[index]);
      }
    };
    const workers = Math.min(CONCURRENCY, this.budget.concurrency, body.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return results;
  }

  private async createOne(tenantId: string, index: number, item: unknown): Promise<BatchItemResult> {
    try {
      const { subscription, generatedSecret } = await this.subscriptions.create(tenantId, item);
      const resource = { ...toResource(subscription), ...(generatedSecret ? { secret: generatedSecret } : {}) };
      return { index, id: subscription.id, status: 201, subscription: resource };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { code, message, details } = error;
      return { index, status: ERROR_STATUS[code], error: { code, message, ...(details.length ? { details } : {}) } };
    }
  }
}

/**
 * Items repeating an earlier item's url and event set: items run concurrently, so the rule "the
 * earlier one wins" is applied up front rather than left to whichever finishes first.
 */
function laterDuplicates(items: unknown[]): Set<number> {
  const seen = new Set<string>();
  const later = new Set<number>();
  items.forEach((item, index) => {
    const { url, events } = (item ?? {}) as { url?: unknown; events?: unknown };
    if (typeof url !== 'string' || !Array.isArray(events)) return;
    const key = JSON.stringify([url, [...events].map(String).sort()]);
    if (seen.has(key)) later.add(index);
    seen.add(key);
  });
  return later;
}
