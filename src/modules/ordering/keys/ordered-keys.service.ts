import { Injectable } from '@nestjs/common';
import { AppError } from '../../../platform/errors/app-error.js';
import { retryTransient } from '../../../platform/errors/retry-transient.js';
import { isTransient } from '../../../platform/errors/transient.js';
import { decodeCursor, encodeCursor, mapPage, pageOf, type Page } from '../../../platform/http/pagination.js';
import { checkedBody } from '../../../platform/http/request-dto.js';
import { describeHistory } from '../../delivery/attempt-history.js';
import { AttemptLog } from '../../delivery/attempt-log/attempt-log.js';
import { TaskForwarder } from '../../delivery/dispatch/task-forwarder.js';
import type { DeliveryTaskV2 } from '../../delivery/delivery-task.js';
import { SubscriptionReader } from '../../subscriptions/subscription-reader.js';
import { headTask, skipRecord } from '../dispatch/head-task.js';
import { LaneKeysRepository, type HeadAction, type KeyAddress, type KeyRow } from '../lane/lane-keys.repository.js';
import type { ClaimedHead, HeadEvent } from '../lane/lane-heads.js';
import { skippedHeads } from '../ordering-metrics.js';
import {
  OrderedKeyActionDto,
  type KeyState,
  type OrderedKeyResource,
  type OrderedKeysQuery,
} from './ordered-keys.dto.js';

const CURSOR_KIND = 'ordered-keys';
const OPERATOR_SKIP = 'skipped by an operator: dead-lettered, and the key moved on';

/**
 * An ordered subscription's keys for the API and the console: what each key is doing, and an
 * operator's redrive or skip of a blocked key's head (docs/guides/ordered-delivery.md).
 */
@Injectable()
export class OrderedKeysService {
  constructor(
    private readonly keys: LaneKeysRepository,
    private readonly subscriptions: SubscriptionReader,
    private readonly forwarder: TaskForwarder,
    private readonly attempts: AttemptLog,
  ) {}

  async list(tenantId: string, subscriptionId: string, query: OrderedKeysQuery): Promise<Page<OrderedKeyResource>> {
    await this.requireSubscription(tenantId, subscriptionId);
    const limit = query.limit ?? 20;
    const after = query.after ? decodeCursor<[string]>(query.after, CURSOR_KIND, isOneKey)[0] : null;
    const rows = await this.keys.page(tenantId, subscriptionId, query.state === 'blocked', after, limit);
    return mapPage(
      pageOf(rows, limit, (last) => encodeCursor(CURSOR_KIND, [last.ordering_key])),
      toKeyResource,
    );
  }

  /** The blocked head gets a fresh schedule and goes out at once, as a manual attempt. */
  async redrive(tenantId: string, subscriptionId: string, body: unknown): Promise<OrderedKeyResource> {
    const dto = await parseAction(body);
    await this.requireSubscription(tenantId, subscriptionId);
    return answer(await this.keys.redrive(addressOf(tenantId, subscriptionId, dto), dto.event_id));
  }

  /** The blocked head is dead-lettered (reason `skipped`), logged as skipped, and the key moves on. */
  async skip(tenantId: string, subscriptionId: string, body: unknown): Promise<OrderedKeyResource> {
    const dto = await parseAction(body);
    await this.requireSubscription(tenantId, subscriptionId);
    let skipped: { task: DeliveryTaskV2; attempts: number } | undefined;
    const action = await this.keys
      .skip(addressOf(tenantId, subscriptionId, dto), dto.event_id, async (head) => {
        const task = headTask(head as ClaimedHead & { event: HeadEvent });
        await this.forwarder.park(task, 'skipped', `${OPERATOR_SKIP}; ${describeHistory(head.history)}`, head.history);
        skipped = { task, attempts: head.attempts };
      })
      .catch((error: unknown) => {
        if (!isTransient(error)) throw error;
        // Nothing moved: the key is skipped only once its head is in the dead-letter queue.
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The head cannot be dead-lettered right now; nothing was skipped.',
          [],
          {
            'Retry-After': '5',
          },
        );
      });
    if (skipped) {
      const { task, attempts } = skipped;
      await retryTransient(() => this.attempts.insert([skipRecord(task, attempts, OPERATOR_SKIP)]));
      skippedHeads.inc({ reason: 'operator' });
    }
    return answer(action);
  }

  private async requireSubscription(tenantId: string, subscriptionId: string): Promise<void> {
    if (!(await this.subscriptions.exists(tenantId, subscriptionId)))
      throw AppError.notFound('The webhook subscription');
  }
}

const isOneKey = (keys: unknown[]) => keys.length === 1 && typeof keys[0] === 'string';

const addressOf = (tenantId: string, subscriptionId: string, dto: OrderedKeyActionDto): KeyAddress => ({
  tenantId,
  subscriptionId,
  orderingKey: dto.key,
});

async function parseAction(body: unknown): Promise<OrderedKeyActionDto> {
  const { dto, errors } = await checkedBody(OrderedKeyActionDto, body);
  if (errors.length) throw AppError.validation(errors);
  return dto;
}

function answer(action: HeadAction): OrderedKeyResource {
  if ('key' in action) return toKeyResource(action.key);
  if (action.refused === 'not_found') throw AppError.notFound('The ordered key');
  if (action.refused === 'not_blocked')
    throw new AppError('ORDERED_KEY_NOT_BLOCKED', 'The key is not blocked: its head is delivered as it comes due.');
  throw new AppError(
    'ORDERED_KEY_HEAD_MOVED',
    'The key has moved on: its head is no longer the event named in event_id. Read the key again.',
  );
}

function stateOf(row: KeyRow): KeyState {
  if (row.blocked_at) return 'blocked';
  if (row.held) return 'sending';
  if (row.due_at === null) return 'idle';
  return row.due_now ? 'due' : 'retrying';
}

function toKeyResource(row: KeyRow): OrderedKeyResource {
  const state = stateOf(row);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    key: row.ordering_key,
    state,
    pending: Math.max(0, Number(row.last_sequence) - Number(row.head_sequence) + 1),
    head:
      row.event_id === null
        ? null
        : {
            event_id: row.event_id,
            event_type: row.event_type!,
            sequence: Number(row.head_sequence),
            attempts: row.head_attempts,
            last_attempts: row.head_history ?? [],
          },
    next_attempt_at: state === 'retrying' ? iso(row.due_at) : null,
    blocked_at: iso(row.blocked_at),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
