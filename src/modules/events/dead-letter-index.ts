import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeadLetterHeaders } from '../../platform/kafka/dead-letter.writer.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeadLetterRow {
  id: string;
  tenant_id: string | null;
  subscription_id: string | null;
  reason: string;
  detail: string;
  source_topic: string | null;
  source_partition: number | null;
  source_offset: string | null;
  headers: Record<string, string>;
  payload_json: unknown;
  created_at: Date;
}

/**
 * The queryable index of <prefix>.dlq: one row per parked record with why, where from, and the
 * bytes (plus the JSON when the bytes are JSON), so that operators and redrive find them. A DLQ
 * record read twice is stored once (unique on its own topic/partition/offset).
 */
@Injectable()
export class DeadLetterIndex {
  constructor(private readonly db: DataSource) {}

  async record(message: InboundMessage): Promise<void> {
    const h = message.headers;
    const json = parseJson(message.value);
    const tenant = h['tenant-id'] || (typeof json?.tenant_id === 'string' ? json.tenant_id : null);
    const subscription =
      typeof json?.subscription_id === 'string' && UUID.test(json.subscription_id) ? json.subscription_id : null;
    const number = (text: string | undefined) => (text && /^\d+$/.test(text) ? text : null);
    await this.db.query(
      `INSERT INTO dead_letters (id, tenant_id, subscription_id, reason, detail, source_topic, source_partition,
         source_offset, dlq_topic, dlq_partition, dlq_offset, headers, payload, payload_json, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, coalesce($15::timestamptz, now()))
       ON CONFLICT (dlq_topic, dlq_partition, dlq_offset) DO NOTHING`,
      [
        randomUUID(),
        tenant,
        subscription,
        h[DeadLetterHeaders.reason] || 'unknown',
        h[DeadLetterHeaders.detail] ?? '',
        h[DeadLetterHeaders.sourceTopic] ?? null,
        number(h[DeadLetterHeaders.sourcePartition]),
        number(h[DeadLetterHeaders.sourceOffset]),
        message.topic,
        message.partition,
        message.offset,
        JSON.stringify(h),
        message.value,
        json ? JSON.stringify(json) : null,
        Number.isNaN(Date.parse(h[DeadLetterHeaders.at] ?? '')) ? null : h[DeadLetterHeaders.at],
      ],
    );
  }

  /** Dead letters of one tenant, newest first (tests and, later, the redrive operation). */
  async list(tenantId: string, limit = 100): Promise<DeadLetterRow[]> {
    return this.db.query(
      `SELECT id, tenant_id, subscription_id, reason, detail, source_topic, source_partition, source_offset, headers,
              payload_json, created_at
         FROM dead_letters WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [tenantId, limit],
    );
  }
}

function parseJson(value: Buffer | null): Record<string, unknown> | null {
  if (!value || value.length === 0 || value[0] === 0) return null;
  try {
    const parsed: unknown = JSON.parse(value.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
