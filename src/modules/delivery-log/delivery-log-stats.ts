import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QueryInt } from '../../platform/http/cursor-page.query.js';
import { Optional } from '../../platform/http/validation.js';
import type { MinuteCount, MinuteLatency } from '../delivery/attempt-log/attempt-log.types.js';

/** Query of the delivery statistics: how many hours back from now (1–24). */
export class DeliveryStatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 24, default: 24 })
  @Optional()
  @QueryInt(1, 24)
  hours?: number;
}

const COUNTS_BY_OUTCOME = { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } } as const;

export class DeliveryStatsBucket {
  @ApiProperty({ format: 'date-time', description: 'Start of the minute' })
  minute: string;
  @ApiProperty({
    ...COUNTS_BY_OUTCOME,
    description: 'Attempts of that minute by outcome',
    example: { success: 12, http_error: 1 },
  })
  outcomes: Record<string, number>;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Response time percentiles of that minute, ms' })
  p50_ms: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  p95_ms: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  p99_ms: number;
}

export class DeliveryStats {
  @ApiProperty({ format: 'uuid' })
  subscription_id: string;
  @ApiProperty({ format: 'date-time' })
  from: string;
  @ApiProperty({ format: 'date-time' })
  to: string;
  @ApiProperty({ type: 'integer', enum: [60] })
  bucket_seconds: number;
  @ApiProperty({ ...COUNTS_BY_OUTCOME, description: 'Attempts of the whole window by outcome' })
  totals: Record<string, number>;
  @ApiProperty({ description: 'Minutes with at least one attempt, oldest first', type: [DeliveryStatsBucket] })
  buckets: DeliveryStatsBucket[];
}

/** The minutes with at least one attempt, oldest first, from the attempt log's per-minute counts and percentiles. */
export function bucketsOf(counts: MinuteCount[], latencies: MinuteLatency[]): DeliveryStatsBucket[] {
  const byMinute = new Map<number, DeliveryStatsBucket>();
  for (const row of latencies) {
    const [p50, p95, p99] = row.p.map((v) => Math.round(Number(v)));
    const minute = new Date(row.minute);
    byMinute.set(minute.getTime(), {
      minute: minute.toISOString(),
      outcomes: {},
      p50_ms: p50,
      p95_ms: p95,
      p99_ms: p99,
    });
  }
  for (const row of counts) {
    // An attempt written between the two reads has no latency bucket: it shows in the next poll.
    const bucket = byMinute.get(new Date(row.minute).getTime());
    if (bucket) bucket.outcomes[row.outcome] = Number(row.n);
  }
  return [...byMinute.values()];
}

export function totalsOf(buckets: DeliveryStatsBucket[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const b of buckets) for (const [k, n] of Object.entries(b.outcomes)) totals[k] = (totals[k] ?? 0) + n;
  return totals;
}
