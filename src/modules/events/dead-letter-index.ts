import { Injectable, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  DeadLetterHeaders,
  DeadLetterWriter,
  type DeadLetterOverflow,
  type OversizedDeadLetter,
} from '../../platform/kafka/dead-letter.writer.js';
import { decodeHeaders } from '../../platform/kafka/inbound-message.js';
import type { InboundMessage } from '../../platform/kafka/inbound-message.js';

/** Bytes of an oversized record kept whole; beyond, the head is kept with the size and hash in the detail. */
const MAX_STORED_BYTES = 16 * 1024 * 1024;

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
 * record read twice is stored once (unique on its own topic/partition/offset). It also keeps the
 * records too large for the DLQ topic, under the coordinates of their pointer records.
 */
@Injectable()
export class DeadLetterIndex implements DeadLetterOverflow, OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly writer: DeadLetterWriter,
  ) {}

  onModuleInit(): void {
    this.writer.useOverflow(this);
  }

  /** A pointer record indexed first (by the DLQ consumer) gets the bytes here; else the consumer's insert is a no-op. */
  async storeOversized(letter: OversizedDeadLetter): Promise<void> {
    const value = letter.message.value ? Buffer.from(letter.message.value) : null;
    await this.insert(
      {
        topic: letter.dlq.topic,
        partition: letter.dlq.partition,
        offset: letter.dlq.offset,
        key: null,
        value: value && value.length > MAX_STORED_BYTES ? value.subarray(0, MAX_STORED_BYTES) : value,
        headers: {
          ...decodeHeaders(letter.message.headers),
          [DeadLetterHeaders.detail]: letter.detail,
          [DeadLetterHeaders.storedAs]: letter.id,
        },
        timestamp: Date.now(),
      },
      letter.id,
      'ON CONFLICT (dlq_topic, dlq_partition, dlq_offset) DO UPDATE SET payload = EXCLUDED.payload, ' +
        'payload_json = EXCLUDED.payload_json, detail = EXCLUDED.detail, headers = EXCLUDED.headers',
    );
  }

  async record(message: InboundMessage): Promise<void> {
    await this.insert(message, randomUUID(), 'ON CONFLICT (dlq_topic, dlq_partition, dlq_offset) DO NOTHING');
  }

  private async insert(message: Omit<InboundMessage, 'group'>, id: string, onConflict: string): Promise<void> {
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
       ${onConflict}`,
      [
        id,
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
