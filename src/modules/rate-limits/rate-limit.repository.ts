import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface WindowCount {
  hits: number;
  /** Unix seconds at which the window ends. */
  resetAt: number;
}

/**
 * Fixed one-minute windows counted in Postgres: one upsert per request, atomic across every
 * instance, windows aligned on the database clock so instances agree on boundaries.
 */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly db: DataSource) {}

  async hit(bucket: string): Promise<WindowCount> {
    const rows: { hits: number; reset_at: string }[] = await this.db.query(
      `INSERT INTO rate_limit_buckets (bucket, window_start, hits)
       VALUES ($1, date_trunc('minute', now()), 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_buckets.hits + 1
       RETURNING hits, extract(epoch FROM window_start)::bigint + 60 AS reset_at`,
      [bucket],
    );
    return { hits: rows[0].hits, resetAt: Number(rows[0].reset_at) };
  }

  async purgeBefore(minutesAgo: number): Promise<void> {
    await this.db.query(`DELETE FROM rate_limit_buckets WHERE window_start < now() - make_interval(mins => $1)`, [
      minutesAgo,
    ]);
  }
}
