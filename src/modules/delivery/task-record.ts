import type { DeliveredEnvelope, DeliveryTaskV1 } from './delivery-task.js';

/**
 * The delivered body is written once, at fan-out (or by a recovery), and travels in the task as
 * text: the delivery stage signs and posts exactly those bytes and never re-serialises `data`,
 * whose numbers may be beyond what a JS number holds.
 */

/** `{...head, "data": <dataText>, ...tail}` as JSON text, data spliced in as it is. */
export function jsonWithData(head: object, dataText: string, tail: object = {}): string {
  const rest = JSON.stringify(tail);
  return `${JSON.stringify(head).slice(0, -1)},"data":${dataText}${rest === '{}' ? '}' : `,${rest.slice(1)}`}`;
}

/**
 * The envelope as the consumer receives it, key order id, type, created_at, data, sequence,
 * previous_event_id; `dataText` is the event's data already serialised (once per event, not per
 * subscription).
 */
export function envelopeBody(
  event: Pick<DeliveredEnvelope, 'id' | 'type' | 'created_at' | 'sequence' | 'previous_event_id'>,
  dataText: string,
): string {
  const { id, type, created_at, sequence, previous_event_id } = event;
  return jsonWithData({ id, type, created_at }, dataText, { sequence, previous_event_id });
}

/**
 * The task record's text. With a body, `event` is written as that very text, so a reader that
 * predates `body` (a rolling upgrade) still delivers the same envelope, digits and all.
 */
export function serializeTask(task: DeliveryTaskV1): string {
  if (task.body === undefined) return JSON.stringify(task);
  const { event, body, ...rest } = task;
  void event; // written as `body` instead
  return `${JSON.stringify(rest).slice(0, -1)},"event":${body},"body":${JSON.stringify(body)}}`;
}

/** The bytes to sign and send: the carried body, or (a task from before bodies) the event serialised here. */
export function bodyOf(task: DeliveryTaskV1): string {
  return task.body ?? JSON.stringify(task.event);
}
