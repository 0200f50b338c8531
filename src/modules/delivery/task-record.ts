import type { DeliveredEnvelope, DeliveryTaskV2 } from './delivery-task.js';

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
 * The task record's text (DeliveryTaskV2): the event's text once, as the string `body`, beside
 * its head. The delivery stage signs and sends `body` as it is.
 */
export function serializeTask(task: DeliveryTaskV2): string {
  return JSON.stringify(task);
}
