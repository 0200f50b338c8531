import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { queryInt } from '../../platform/http/cursor-page.query.js';
import { Optional } from '../../platform/http/validation.js';

/** Query of the delivery statistics: how many hours back from now (1–24). */
export class DeliveryStatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 24, default: 24 })
  @Optional()
  @Transform(queryInt)
  @IsInt()
  @Min(1)
  @Max(24)
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

interface BucketRow {
  minute: Date;
  outcome: string;
  n: string;
}
interface LatencyRow {
  minute: Date;
  p: number[];
}

/**
 * Per-minute aggregates of a subscription's attempts for the console's charts. Two GROUP BYs over
 * the (tenant, subscription, created_at) range; the daily partitions keep a 24 h scan to one or two.
 */
@Injectable()
export class DeliveryStatsRepository {
  constructor(private readonly db: DataSource) {}

  async perMinute(tenantId: string, subscriptionId: string, from: Date, to: Date): Promise<DeliveryStatsBucket[]> {
    const params = [tenantId, subscriptionId, from.toISOString(), to.toISOString()];
    const where = `tenant_id = $1 AND subscription_id = $2 AND created_at >= $3 AND created_at < $4`;
    const [counts, latencies] = (await Promise.all([
      this.db.query(
        `SELECT date_trunc('minute', created_at) AS minute, outcome, count(*) AS n
           FROM delivery_attempts WHERE ${where} GROUP BY 1, 2`,
        params,
      ),
      this.db.query(
        `SELECT date_trunc('minute', created_at) AS minute,
                percentile_cont(ARRAY[0.5, 0.95, 0.99]) WITHIN GROUP (ORDER BY response_time_ms) AS p
           FROM delivery_attempts WHERE ${where} GROUP BY 1 ORDER BY 1`,
        params,
      ),
    ])) as [BucketRow[], LatencyRow[]];
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
}

export function totalsOf(buckets: DeliveryStatsBucket[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const b of buckets) for (const [k, n] of Object.entries(b.outcomes)) totals[k] = (totals[k] ?? 0) + n;
  return totals;
}
