import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { Message } from 'kafkajs';
import { v7 as uuidv7 } from 'uuid';
import { AppConfig } from '../../platform/config/app-config.js';
import { AppError } from '../../platform/errors/app-error.js';
import { retryTransient } from '../../platform/errors/retry-transient.js';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { RecordRejectedError } from '../../platform/kafka/produce-errors.js';
import { currentTraceparent } from '../../platform/telemetry/tracing.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { EventAcceptance } from '../events/event-acceptance.js';
import { PoisonMessageError } from '../events/ingest-errors.js';
import { IdempotencyRepository } from '../idempotency/idempotency.repository.js';
import { poisonDetails } from './publish-errors.js';
import { requestErrors, type PublishItem } from './publish-request.js';

/** What a published event's 202 says (and a repeat of it says again). */
export interface PublishedEvent {
  id: string;
  created_at: string;
}

export interface ItemResult {
  index: number;
  id?: string;
  status: 202 | 409 | 422 | 503;
  event?: PublishedEvent;
  /** A repeat of an event already published: nothing was produced. */
  replayed?: boolean;
  error?: AppError;
}

interface Prepared {
  index: number;
  event: PublishedEvent;
  message: Message;
}

/**
 * Receipts share the idempotency table; the space keeps them apart from Idempotency-Key values (no
 * spaces), and the id is hashed because an event id may hold what Postgres text cannot (U+0000).
 */
const receiptKey = (id: string) => `event ${createHash('sha256').update(id).digest('hex')}`;
const RECEIPT = 'publish';

const published = counter('hookline_publish_events_total', 'Events published over HTTP, by result', ['result']);

/**
 * POST /v1/events: each event is checked by ingest's own rules (EventAcceptance) on the very
 * record it will become, then produced to the ingest topic with acks=all before it is answered
 * 202. The event id is the idempotency key: a repeat within IDEMPOTENCY_TTL_HOURS answers the first
 * result and produces nothing. A broker that does not acknowledge within PUBLISH_ACK_TIMEOUT_MS
 * gets 503 with Retry-After; the send goes on, and once it lands the event's receipt is complete,
 * so the client's retry gets the 202 rather than a second copy.
 */
@Injectable()
export class PublishService {
  private readonly topic: string;
  private readonly log = new Logger('Publish');

  constructor(
    private readonly config: AppConfig,
    private readonly acceptance: EventAcceptance,
    private readonly producer: BatchingProducer,
    private readonly receipts: IdempotencyRepository,
  ) {
    this.topic = config.ingest.topics[0];
  }

  async publish(tenantId: string, items: PublishItem[], batch: boolean): Promise<ItemResult[]> {
    const results = new Map<number, ItemResult>();
    const prepared: Prepared[] = [];
    for (const item of items) {
      const outcome = await this.prepare(tenantId, item, batch ? `[${item.index}].` : '');
      if ('status' in outcome) results.set(item.index, outcome);
      else prepared.push(outcome);
    }
    // A batch is published whole or not at all: one refused item refuses it, with every item's problems.
    const refused = [...results.values()];
    if (batch && refused.length > 0) throw AppError.validation(refused.flatMap((r) => r.error?.details ?? []));
    const firsts = new Map<string, Prepared>();
    const repeats: Prepared[] = [];
    for (const p of prepared) {
      if (firsts.has(p.event.id)) repeats.push(p);
      else firsts.set(p.event.id, p);
    }
    const toSend: Prepared[] = [];
    for (const p of firsts.values()) {
      const reservation = await this.receipts.reserve(tenantId, receiptKey(p.event.id), RECEIPT, this.ttlHours);
      if (reservation.kind === 'reserved') toSend.push(p);
      else if (reservation.kind === 'completed')
        results.set(p.index, {
          ...accepted(p.index, JSON.parse(reservation.response.body) as PublishedEvent),
          replayed: true,
        });
      else results.set(p.index, unavailable(p.index, p.event.id, 'in_progress', this.retryAfter));
    }
    for (const r of await this.produce(tenantId, toSend)) results.set(r.index, r);
    // A repeat within the same request has the first one's answer.
    for (const p of repeats) {
      const first = results.get(firsts.get(p.event.id)!.index)!;
      results.set(p.index, { ...first, index: p.index, ...(first.status === 202 ? { replayed: true } : {}) });
    }
    const all = items.map((item) => results.get(item.index)!);
    all.forEach((r) => published.inc({ result: r.replayed ? 'repeat' : String(r.status) }));
    return all;
  }

  /** The record the event will be, checked by ingest's rules; or the item's 422. */
  private async prepare(tenantId: string, item: PublishItem, prefix: string): Promise<Prepared | ItemResult> {
    const errors = requestErrors(item.body, prefix);
    if (errors.length) return { index: item.index, status: 422, error: AppError.validation(errors) };
    const body = item.body as Record<string, unknown>;
    const id = body.id === undefined ? `evt_${uuidv7()}` : body.id;
    const createdAt = body.created_at === undefined ? new Date().toISOString() : body.created_at;
    const dataText = item.dataText ?? (body.data === undefined ? undefined : JSON.stringify(body.data));
    const head = JSON.stringify({ id, type: body.type, created_at: createdAt });
    const text = dataText === undefined ? head : `${head.slice(0, -1)},"data":${dataText}}`;
    const traceparent = currentTraceparent();
    const headers: Record<string, string> = {
      ...((body.metadata as Record<string, string> | undefined) ?? {}),
      'tenant-id': tenantId,
      ...(traceparent ? { traceparent } : {}),
    };
    const value = Buffer.from(text, 'utf8');
    try {
      await this.acceptance.accept({ value, headers });
    } catch (error) {
      if (!(error instanceof PoisonMessageError)) throw error;
      return { index: item.index, status: 422, error: AppError.validation(poisonDetails(error, prefix)) };
    }
    const event = { id: id as string, created_at: createdAt as string };
    // Keyed by tenant: a tenant's events share one partition, so ingest reads them in the order their
    // 202s were answered, the order an ordered subscription delivers them in (docs/guides/ordered-delivery.md).
    return { index: item.index, event, message: { key: tenantId, value, headers } };
  }

  /** One acknowledged send for all of them, answered within PUBLISH_ACK_TIMEOUT_MS. */
  private async produce(tenantId: string, items: Prepared[]): Promise<ItemResult[]> {
    if (items.length === 0) return [];
    const settled = this.producer
      .send(
        this.topic,
        items.map((p) => p.message),
      )
      .then(
        async () => {
          for (const p of items)
            await retryTransient(() =>
              this.receipts.complete(tenantId, receiptKey(p.event.id), {
                status: 202,
                headers: {},
                body: JSON.stringify(p.event),
              }),
            );
          return 'acked' as const;
        },
        async (error: unknown) => {
          for (const p of items) await this.receipts.release(tenantId, receiptKey(p.event.id)).catch(() => undefined);
          return error;
        },
      );
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      settled,
      new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), this.config.api.publishAckTimeoutMs))),
    ]).finally(() => clearTimeout(timer));
    if (outcome === 'acked') return items.map((p) => accepted(p.index, p.event));
    if (outcome === 'timeout') {
      void settled.then(
        (late) => late === 'acked' && this.log.log(`${items.length} event(s) acknowledged after their 503`),
      );
      return items.map((p) => unavailable(p.index, p.event.id, 'unavailable', this.retryAfter));
    }
    if (outcome instanceof RecordRejectedError)
      return items.map((p) => ({
        index: p.index,
        id: p.event.id,
        status: 422 as const,
        error: AppError.validation([
          { field: 'body', code: 'TOO_LARGE', message: 'The event is larger than the ingest topic holds.' },
        ]),
      }));
    this.log.warn(`publish not acknowledged: ${String(outcome)}`);
    return items.map((p) => unavailable(p.index, p.event.id, 'unavailable', this.retryAfter));
  }

  private get ttlHours(): number {
    return this.config.api.idempotencyTtlHours;
  }

  /** Seconds a client waits before trying again: about one acknowledgement timeout. */
  private get retryAfter(): number {
    return Math.max(1, Math.ceil(this.config.api.publishAckTimeoutMs / 1000));
  }
}

const accepted = (index: number, event: PublishedEvent): ItemResult => ({ index, id: event.id, status: 202, event });

function unavailable(index: number, id: string, why: 'unavailable' | 'in_progress', retryAfter: number): ItemResult {
  const status = why === 'in_progress' ? 409 : 503;
  const error =
    why === 'in_progress'
      ? new AppError('PUBLISH_IN_PROGRESS', `Event ${id} is being published right now; ask again shortly.`, [], {
          'Retry-After': '1',
        })
      : new AppError(
          'PUBLISH_UNAVAILABLE',
          'Events cannot be accepted right now and this one was not acknowledged; publish it again (same id) after Retry-After.',
          [],
          { 'Retry-After': String(retryAfter) },
        );
  return { index, id, status, error };
}
