import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AttemptFilter {
  outcome?: string;
  statusCode?: number;
  eventType?: string;
  eventId?: string;
  from?: Date;
  to?: Date;
  /** Keyset position: strictly older than this (created_at, id). */
  before?: { createdAt: Date; id: string };
}

export interface AttemptRow {
  id: string;
  created_at: Date;
  subscription_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: string;
  outcome: string;
  status_code: number | null;
  response_time_ms: number;
  response_body?: string | null;
  response_headers?: Record<string, string> | null;
  error: string | null;
  trace_id: string | null;
  next_attempt_at: Date | null;
}

const SUMMARY = `id, created_at, subscription_id, event_id, event_type, attempt, trigger, outcome, status_code,
  response_time_ms, error, trace_id, next_attempt_at`;

/** Reads of delivery_attempts; every query is tenant-scoped and ordered newest first by (created_at, id). */
@Injectable()
export class DeliveryLogRepository {
  constructor(private readonly db: DataSource) {}

  /** One page (limit + 1 rows, so the caller knows whether more exist). */
  list(tenantId: string, scope: { subscriptionId?: string; eventId?: string }, filter: AttemptFilter, limit: number) {
    const where = ['tenant_id = $1'];
    const params: unknown[] = [tenantId];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (scope.subscriptionId) add((p) => `subscription_id = ${p}`, scope.subscriptionId);
    const eventId = scope.eventId ?? filter.eventId;
    if (eventId) add((p) => `event_id = ${p}`, eventId);
    if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
    if (filter.statusCode !== undefined) add((p) => `status_code = ${p}`, filter.statusCode);
    if (filter.eventType) add((p) => `event_type = ${p}`, filter.eventType);
    if (filter.from) add((p) => `created_at >= ${p}`, filter.from.toISOString());
    if (filter.to) add((p) => `created_at < ${p}`, filter.to.toISOString());
    if (filter.before) {
      params.push(filter.before.createdAt.toISOString(), filter.before.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    return this.db.query(
      `SELECT ${SUMMARY} FROM delivery_attempts WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    ) as Promise<AttemptRow[]>;
  }

  /** One attempt; createdAt (from the id's uuid v7 timestamp) confines the lookup to one partition. */
  async get(tenantId: string, subscriptionId: string, id: string, createdAt: Date): Promise<AttemptRow | undefined> {
    const rows: AttemptRow[] = await this.db.query(
      `SELECT ${SUMMARY}, response_body, response_headers FROM delivery_attempts
        WHERE tenant_id = $1 AND subscription_id = $2 AND id = $3 AND created_at = $4`,
      [tenantId, subscriptionId, id, createdAt.toISOString()],
    );
    return rows[0];
  }
}
