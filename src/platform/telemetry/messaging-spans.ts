import { SpanKind, type Span } from '@opentelemetry/api';
import type { InboundMessage } from '../kafka/inbound-message.js';
import { contextFromTraceparent } from './propagation.js';
import { inSpan } from './tracing.js';

/**
 * Processing of one consumed record, as a CONSUMER span (messaging semantic conventions) whose
 * parent is the producer's `traceparent` header, when it sent one.
 */
export function traceConsumed<T>(message: InboundMessage, run: (span: Span) => Promise<T>): Promise<T> {
  return inSpan(
    `process ${message.topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFromTraceparent(message.headers['traceparent']),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.operation.name': 'process',
        'messaging.destination.name': message.topic,
        'messaging.destination.partition.id': String(message.partition),
        'messaging.kafka.offset': Number(message.offset),
        ...(message.key ? { 'messaging.kafka.message.key': message.key.toString('utf8') } : {}),
      },
    },
    run,
  );
}

/** Producing records and waiting for the broker's acknowledgement, as a PRODUCER span. */
export function tracePublish<T>(topic: string, count: number, run: () => Promise<T>): Promise<T> {
  return inSpan(
    `send ${topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'send',
        'messaging.operation.name': 'send',
        'messaging.destination.name': topic,
        'messaging.batch.message_count': count,
      },
    },
    run,
  );
}
