import { SpanKind, type Attributes, type Link, type Span } from '@opentelemetry/api';
import type { Message } from 'kafkajs';
import type { InboundMessage } from '../kafka/inbound-message.js';
import type { Placement } from '../kafka/record-placement.js';
import { contextFromTraceparent, spanContextOf, traceparentOf } from './propagation.js';
import { tracingActive } from './sdk.js';
import { inSpan } from './tracing.js';

/**
 * The OpenTelemetry messaging semantic conventions for Kafka, built here only: every producer and
 * consumer span of the pipeline takes its attributes from these functions. Span names are
 * "<operation> <destination>". No attribute is ever an empty string.
 */

/** The record header carrying the context of the span that produced (or, upstream, sent) a record. */
export const TRACEPARENT_HEADER = 'traceparent';

export interface ConsumedOptions {
  /** Operation name ("process", or the pipeline's own, such as "deliver"). */
  operation?: string;
  /** Name the record key: true for Hookline's own topics (subscription ids), never for a user's ingest keys. */
  key?: boolean;
}

/** A consumer span's attributes: what was read, by which group, from where. */
export function consumedAttributes(message: InboundMessage, options: ConsumedOptions = {}): Attributes {
  const attributes: Attributes = {
    'messaging.system': 'kafka',
    'messaging.operation.type': 'process',
    'messaging.operation.name': options.operation ?? 'process',
    'messaging.destination.name': message.topic,
    'messaging.consumer.group.name': message.group,
    'messaging.destination.partition.id': String(message.partition),
    'messaging.kafka.offset': Number(message.offset),
  };
  if (options.key && message.key && message.key.length > 0)
    attributes['messaging.kafka.message.key'] = message.key.toString('utf8');
  return attributes;
}

/** A producer span's attributes before the broker answered; the batch size only for a batch. */
export function sentAttributes(topic: string, records: number): Attributes {
  const attributes: Attributes = {
    'messaging.system': 'kafka',
    'messaging.operation.type': 'send',
    'messaging.operation.name': 'send',
    'messaging.destination.name': topic,
  };
  if (records > 1) attributes['messaging.batch.message_count'] = records;
  return attributes;
}

export function placementAttributes(placement: Placement): Attributes {
  const attributes: Attributes = { 'messaging.destination.partition.id': String(placement.partition) };
  if (placement.offset !== undefined) attributes['messaging.kafka.offset'] = Number(placement.offset);
  return attributes;
}

/**
 * The link from a consumer span to the PRODUCER span that wrote its record, when the record says
 * (Hookline's own topics do; see traceSend). The wait in a retry tier is the gap between the two.
 */
export function producerLink(message: InboundMessage): Link | undefined {
  const producer = spanContextOf(message.headers[TRACEPARENT_HEADER]);
  return producer ? { context: producer, attributes: { 'hookline.link': 'producer' } } : undefined;
}

/**
 * Processing of one consumed record as a CONSUMER span "<operation> <topic>" whose parent is the
 * record's traceparent header, when it carries one (the producer upstream, or our PRODUCER span).
 */
export function traceConsumed<T>(
  message: InboundMessage,
  run: (span: Span) => Promise<T>,
  options: ConsumedOptions = {},
): Promise<T> {
  return inSpan(
    `${options.operation ?? 'process'} ${message.topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFromTraceparent(message.headers[TRACEPARENT_HEADER]),
      attributes: tracingActive() ? consumedAttributes(message, options) : undefined,
    },
    run,
  );
}

/**
 * Producing records and waiting for the broker's acknowledgement, as a PRODUCER span
 * "send <topic>" in the caller's context. Each record that carries no traceparent yet is given
 * this span's (records of one send share one header object), so that whoever consumes it can link
 * back here. Off, it is the bare send.
 */
export function traceSend<T>(
  topic: string,
  messages: Message[],
  send: () => Promise<T>,
  placed: (result: T) => Placement | undefined,
): Promise<T> {
  if (!tracingActive()) return send();
  return inSpan(
    `send ${topic}`,
    { kind: SpanKind.PRODUCER, attributes: sentAttributes(topic, messages.length) },
    async (span) => {
      stampTraceparent(messages, span);
      const result = await send();
      const placement = placed(result);
      if (placement) span.setAttributes(placementAttributes(placement));
      return result;
    },
  );
}

/** Writes the span's traceparent onto the records that have none (a DLQ copy keeps the one it came with). */
function stampTraceparent(messages: Message[], span: Span): void {
  const traceparent = traceparentOf(span.spanContext());
  if (!traceparent) return;
  const shared = { [TRACEPARENT_HEADER]: traceparent };
  for (const message of messages) {
    if (!message.headers) message.headers = shared;
    else if (message.headers[TRACEPARENT_HEADER] === undefined)
      message.headers = { ...message.headers, [TRACEPARENT_HEADER]: traceparent };
  }
}
