import { randomUUID } from 'node:crypto';

/**
 * The bench's event ids carry their created_at in ms (`evt_<ms>_<uuid>`), so a receiver that sees
 * only headers (nginx's access log has the webhook-id, not the body) can still time event → delivery.
 */
export const benchEventId = (createdAtMs: number) => `evt_${createdAtMs}_${randomUUID()}`;

/** The created_at carried by a bench event id, or undefined for any other id. */
export function createdAtOf(eventId: string): number | undefined {
  const match = /^evt_(\d{13})_/.exec(eventId);
  return match ? Number(match[1]) : undefined;
}
