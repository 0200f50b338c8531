import { Injectable } from '@nestjs/common';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';
import { counter } from '../../platform/telemetry/metrics.js';
import { spanContextOf } from '../../platform/telemetry/propagation.js';
import { currentTraceparent } from '../../platform/telemetry/tracing.js';
import { filterInput, type FilterInput } from '../filters/filter-input.js';
import { MatchingService } from '../matching/matching.service.js';
import type { SubscriptionView } from '../subscriptions/subscription-reader.js';
import { LaneIntakeRepository, type LaneEntry } from './lane/lane-intake.repository.js';
import { OrderingKeys } from './ordering-key.js';

const enqueued = counter(
  'hookline_ordered_enqueued_total',
  'Events of ordered subscriptions that ingest put in their lane (one per event and subscription)',
);
const keyErrors = counter(
  'hookline_ordering_key_errors_total',
  "Events on which a subscription's key expression failed (a missing field, a wrong type): ordered under the empty key",
);

/** What the lane reads of an event that passed ingest's checks (ingest's AcceptedEvent has this shape). */
export interface OrderedEventSource {
  tenantId: string;
  envelope: { id: string; type: string; created_at: string; data: unknown };
  /** The data serialised once, exactly as every body embeds it. */
  dataText: string;
}

/**
 * Ingest's one hook into ordered delivery: of the subscriptions an event matched, the ordered ones
 * get it in their lane (keyed by their key expression, durably, before the ingest record may be
 * committed); the others are handed back to fan-out as before. docs/design/ordered-delivery.md.
 */
@Injectable()
export class OrderedIntake {
  private readonly keys = new OrderingKeys();

  constructor(
    private readonly lane: LaneIntakeRepository,
    matching: MatchingService,
  ) {
    matching.onForget((id) => this.keys.forget(id));
  }

  /** The matched subscriptions that are not ordered; resolves once the ordered ones have the event in their lane. */
  async divert(
    message: InboundMessage,
    event: OrderedEventSource,
    matched: SubscriptionView[],
  ): Promise<SubscriptionView[]> {
    const ordered = matched.filter((s) => s.ordering);
    if (ordered.length === 0) return matched;
    let input: FilterInput | undefined;
    const keyInput = () => (input ??= filterInput({ ...event.envelope, metadata: message.headers }));
    const header = message.headers['traceparent'];
    const traceparent = currentTraceparent() ?? (header && spanContextOf(header) ? header : null);
    const receivedAt = new Date();
    await Promise.all(
      ordered.map((subscription) => {
        const { key, error } = this.keys.keyOf(subscription, keyInput);
        if (error !== undefined) keyErrors.inc();
        return this.lane.add(entryOf(message, event, subscription.id, key, traceparent, receivedAt));
      }),
    );
    enqueued.inc(ordered.length);
    return matched.filter((s) => !s.ordering);
  }
}

function entryOf(
  message: InboundMessage,
  { tenantId, envelope, dataText }: OrderedEventSource,
  subscriptionId: string,
  orderingKey: string,
  traceparent: string | null,
  receivedAt: Date,
): LaneEntry {
  return {
    tenantId,
    subscriptionId,
    orderingKey,
    sourceTopic: message.topic,
    sourcePartition: message.partition,
    sourceOffset: message.offset,
    eventId: envelope.id,
    eventType: envelope.type,
    eventCreatedAt: envelope.created_at,
    data: dataText,
    traceparent,
    receivedAt,
  };
}
