import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '../../platform/errors/app-error.js';
import { BatchingProducer } from '../../platform/kafka/batching-producer.js';
import { currentTraceparent } from '../../platform/telemetry/tracing.js';
import { TopicNames } from '../../topology.js';
import { TEST_EVENT_PREFIX, type DeliveryTaskV1 } from '../delivery/delivery-task.js';
import { jsonWithData, serializeTask } from '../delivery/task-record.js';
import { EventCatalog, patternMatches } from '../event-types/event-catalog.js';
import type { EventTypeRecord } from '../event-types/event-types.repository.js';
import { EventAcceptance } from '../events/event-acceptance.js';
import { PoisonMessageError } from '../events/ingest-errors.js';
import { compileFilter, type FilterOutcome } from '../filters/filter-compiler.js';
import { filterInput } from '../filters/filter-input.js';
import { SubscriptionReader, type SubscriptionView } from '../subscriptions/subscription-reader.js';
import { poisonDetails } from './publish-errors.js';

export interface TestEventSent {
  event_id: string;
  subscription_id: string;
  type: string;
  /** What the subscription's filter says of this event (a test event is sent either way). */
  filter?: FilterOutcome;
}

/**
 * A test event to one subscription: the type's catalog example (or the data given) as a delivery
 * task with trigger `test` on the deliveries topic, so it is signed and sent as any delivery and
 * logged with that mark. It is attempted once; the envelope carries `"test": true`.
 */
@Injectable()
export class TestEvents {
  private readonly topic: string;

  constructor(
    private readonly subscriptions: SubscriptionReader,
    private readonly catalog: EventCatalog,
    private readonly acceptance: EventAcceptance,
    private readonly producer: BatchingProducer,
    topics: TopicNames,
  ) {
    this.topic = topics.deliveries;
  }

  async send(tenantId: string, subscriptionId: string, body: unknown): Promise<TestEventSent> {
    const parsed = parseBody(body);
    const subscription = await this.subscriptions.loadOne(tenantId, subscriptionId);
    if (!subscription) throw AppError.notFound('The subscription');
    if (subscription.status === 'disabled')
      throw new AppError('CONFLICT', 'The subscription is disabled; enable it to send it a test event.');
    const type = parsed.type ?? this.defaultType(subscription);
    const data = parsed.data;
    const dataText = await this.dataText(tenantId, subscription, type, data);
    const event = { id: `${TEST_EVENT_PREFIX}${uuidv7()}`, type, created_at: new Date().toISOString() };
    await this.producer.send(this.topic, [
      { key: subscription.id, value: serializeTask(task(tenantId, subscription.id, event, dataText)) },
    ]);
    const filter = subscription.filter
      ? compileFilter(subscription.filter).evaluate(
          filterInput({ ...event, data: JSON.parse(dataText) as unknown, metadata: { 'tenant-id': tenantId } }),
        )
      : undefined;
    return { event_id: event.id, subscription_id: subscription.id, type, ...(filter ? { filter } : {}) };
  }

  /** The first catalog type the subscription receives that has an example, for a body naming no type. */
  private defaultType(subscription: SubscriptionView): string {
    const withExample = this.catalog
      .covered(subscription.events)
      .find((entry) => entry.archivedAt === null && exampleOf(entry) !== undefined);
    if (withExample) return withExample.type;
    throw typeError(
      'REQUIRED',
      'Name a type: no catalog type this subscription receives has an example to send (GET /v1/event-types)',
    );
  }

  /** The data as sent (checked by ingest's rules) or the catalog's first example of the type. */
  private async dataText(
    tenantId: string,
    subscription: SubscriptionView,
    type: string,
    data?: string,
  ): Promise<string> {
    const entry = this.catalog.get(type);
    if (!entry)
      throw typeError(
        'UNKNOWN_EVENT_TYPE',
        `${type.slice(0, 100)} is not an event type of the catalog (GET /v1/event-types)`,
      );
    if (!subscription.events.some((pattern) => patternMatches(pattern, type)))
      throw typeError(
        'NOT_SUBSCRIBED',
        `The subscription does not receive ${type} events (its events: ${subscription.events.join(', ')})`,
      );
    const example = exampleOf(entry);
    const text = data ?? (example === undefined ? undefined : JSON.stringify(example));
    if (text === undefined)
      throw AppError.validation([
        {
          field: 'data',
          code: 'REQUIRED',
          message: `The catalog has no example of ${type}; send data with the test event.`,
        },
      ]);
    const record = `{"id":"test","type":${JSON.stringify(type)},"created_at":"${new Date().toISOString()}","data":${text}}`;
    try {
      await this.acceptance.accept({ value: Buffer.from(record), headers: { 'tenant-id': tenantId } });
    } catch (error) {
      if (!(error instanceof PoisonMessageError)) throw error;
      throw AppError.validation(poisonDetails(error));
    }
    return text;
  }
}

/** The catalog's first example of a type: its own examples, else its schema's. */
function exampleOf(entry: EventTypeRecord): unknown {
  return entry.examples[0] ?? (entry.schema as { examples?: unknown[] } | null)?.examples?.[0];
}

function parseBody(body: unknown): { type?: string; data?: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw AppError.validation([{ field: 'body', code: 'INVALID_TYPE', message: 'The body must be a JSON object.' }]);
  const { type, data, ...rest } = body as Record<string, unknown>;
  const errors = Object.keys(rest).map((key) => ({
    field: key.slice(0, 64),
    code: 'UNKNOWN_FIELD',
    message: `${key.slice(0, 64)} is not a field of a test event`,
  }));
  if (type !== undefined && (typeof type !== 'string' || type.length === 0 || type.length > 255))
    errors.push({ field: 'type', code: 'INVALID_TYPE', message: 'type must be an event type of 1-255 characters' });
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data)))
    errors.push({ field: 'data', code: 'INVALID_TYPE', message: 'data must be an object' });
  if (errors.length) throw AppError.validation(errors);
  return { type: type as string | undefined, data: data === undefined ? undefined : JSON.stringify(data) };
}

const typeError = (code: string, message: string) => AppError.validation([{ field: 'type', code, message }]);

function task(
  tenantId: string,
  subscriptionId: string,
  event: { id: string; type: string; created_at: string },
  dataText: string,
): DeliveryTaskV1 {
  const now = new Date().toISOString();
  const traceparent = currentTraceparent();
  return {
    type: 'DeliveryTaskV1',
    tenant_id: tenantId,
    subscription_id: subscriptionId,
    event: { ...event, data: JSON.parse(dataText) as Record<string, unknown>, sequence: 0, previous_event_id: null },
    body: jsonWithData(event, dataText, { test: true }),
    attempt: 1,
    trigger: 'test',
    first_attempt_at: now,
    enqueued_at: now,
    ...(traceparent ? { traceparent } : {}),
  };
}
