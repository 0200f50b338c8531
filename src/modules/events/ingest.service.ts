import { Injectable } from '@nestjs/common';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { collectedCounter, counter } from '../../platform/telemetry/metrics.js';
import { annotate, currentTraceparent, HooklineAttributes as A, inSpan } from '../../platform/telemetry/tracing.js';
import type { DeliveryTaskV2 } from '../delivery/delivery-task.js';
import { envelopeBody, jsonWithData } from '../delivery/task-record.js';
import { MatchingService } from '../matching/matching.service.js';
import { OrderedIntake } from '../ordering/ordered-intake.js';
import { EventAcceptance, type AcceptedEvent } from './event-acceptance.js';
import type { WireFormat } from './event-decoder.js';
import { EventStore } from './event-store.js';
import { FanOut } from './fan-out.js';
import { SequenceAllocator, type Ordering } from './sequence-allocator.js';
import { traceparentFor } from './trace-context.js';

/** Plain counts by wire format, read at scrape time: a labelled inc() hashes its labels for every event. */
const ingested: Record<WireFormat, number> = { json: 0, registry: 0 };
collectedCounter('hookline_ingest_events_total', 'Events accepted by ingest', ['format'], (set) => {
  for (const format of Object.keys(ingested) as WireFormat[])
    if (ingested[format] > 0) set({ format }, ingested[format]);
});
const replayed = counter(
  'hookline_ingest_replayed_events_total',
  'Ingest records read again whose event was already stored; their tasks are checked against the attempt log',
);

/** What every task of one event's fan-out shares. */
interface Shared {
  /** When the event was first received: now, or the stored row's time for a re-read record. */
  firstAttemptAt: string;
  enqueuedAt: string;
  traceparent: string;
  /** The record was read before and its event stored: its tasks may already have been delivered. */
  replay: boolean;
}

export interface IngestResult {
  eventId: string;
  tenantId: string;
  tasks: number;
}

/**
 * One ingest record to deliveries: decode, check the envelope, resolve the tenant, validate the
 * data, match, then store the event, number it per subscription and hand one DeliveryTaskV2 per
 * matching subscription to its lane (FanOut): delivered here, or produced to a topic with the
 * broker's acknowledgement. Resolves once every task is so finished. Throws PoisonMessageError for
 * records that can never succeed.
 */
@Injectable()
export class IngestService {
  constructor(
    private readonly acceptance: EventAcceptance,
    private readonly matching: MatchingService,
    private readonly store: EventStore,
    private readonly sequences: SequenceAllocator,
    private readonly fanOut: FanOut,
    private readonly ordered: OrderedIntake,
  ) {}

  async ingest(message: InboundMessage): Promise<IngestResult> {
    const event = await this.acceptance.accept(message);
    const { id, type } = event.envelope;
    const tenantId = event.tenantId;
    annotate({ [A.eventId]: id, [A.eventType]: type, [A.tenantId]: tenantId });

    // The filters see the record's headers as the event's metadata.
    const filterEvent = { ...event.envelope, metadata: message.headers };
    const matched = await inSpan('match subscriptions', {}, () =>
      this.matching.matchAsOf(tenantId, filterEvent, message.timestamp),
    );
    annotate({ [A.subscriptionsMatched]: matched.length });
    // Ordered delivery's one hook: ordered subscriptions get the event in their lane, committed before
    // this record finishes; only the others are numbered and fanned out below (docs/design/ordered-delivery.md).
    const subscriptions = await this.ordered.divert(message, event, matched);
    const subscriptionIds = subscriptions.map((s) => s.id);
    // A record read again (its reader crashed before committing it) whose event is already stored.
    const storedAt = message.mayBeReplay ? await this.store.storedAt(message, tenantId, id) : null;
    if (storedAt) replayed.inc();
    const receivedAt = storedAt ?? new Date();
    const ordering = await this.record(message, event, subscriptionIds, receivedAt, storedAt !== null);

    const shared: Shared = {
      firstAttemptAt: receivedAt.toISOString(),
      enqueuedAt: new Date().toISOString(),
      // Tasks carry the ingest span's context (SDK on), else the producer's own traceparent or a new one.
      traceparent: currentTraceparent() ?? traceparentFor(message.headers['traceparent']),
      replay: storedAt !== null,
    };
    const tasks = subscriptionIds.map((subscriptionId) =>
      this.task(event, subscriptionId, ordering.get(subscriptionId)!, shared),
    );
    // From here on its tasks may reach endpoints: a second try of this record (this one failing
    // below) is a possible replay, which finds the event stored and checks the attempt log.
    message.mayBeReplay = true;
    // Its rows are written (the event, its numbers, its ordered entries): the ordered lane may number
    // what follows it while its deliveries run, which can take a whole request timeout.
    message.markWritten?.();
    await this.fanOut.hand(tasks);
    ingested[event.format]++;
    return { eventId: id, tenantId, tasks: tasks.length };
  }

  /**
   * Stores the event (unless `stored`) and numbers it for each subscription (at once); the numbers
   * by subscription. A re-read record gets new numbers: the first ones may already have gone out.
   */
  private async record(
    message: InboundMessage,
    { envelope: { id, type, created_at }, tenantId, dataText }: AcceptedEvent,
    subscriptionIds: string[],
    receivedAt: Date,
    stored: boolean,
  ): Promise<Map<string, Ordering>> {
    const [ordering] = await Promise.all([
      this.sequences.next({ tenantId, eventId: id, subscriptionIds }),
      stored
        ? undefined
        : this.store.save({
            tenantId,
            id,
            type,
            createdAt: created_at,
            receivedAt,
            payload: jsonWithData({ id, type, created_at }, dataText),
            sourceTopic: message.topic,
            sourcePartition: message.partition,
            sourceOffset: message.offset,
            subscriptionIds,
          }),
    ]);
    return ordering;
  }

  private task(
    { envelope: { id, type, created_at }, tenantId, dataText }: AcceptedEvent,
    subscriptionId: string,
    { sequence, previousEventId }: Ordering,
    { firstAttemptAt, enqueuedAt, traceparent, replay }: Shared,
  ): DeliveryTaskV2 {
    const event = { id, type, created_at, sequence, previous_event_id: previousEventId };
    return {
      type: 'DeliveryTaskV2',
      tenant_id: tenantId,
      subscription_id: subscriptionId,
      event,
      body: envelopeBody(event, dataText),
      attempt: 1,
      trigger: 'initial',
      first_attempt_at: firstAttemptAt,
      enqueued_at: enqueuedAt,
      traceparent,
      ...(replay ? { may_be_replay: true } : {}),
    };
  }
}
