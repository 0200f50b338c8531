import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Slices per second: tenths of a second, fewer for a limit under 10/s (each slice allows at least one). */
export const slicesPerSecond = (perSecond: number) => Math.min(10, perSecond);

export interface RateGrant {
  granted: number;
  /** How long the slice the tokens belong to still runs, by the database's clock. */
  sliceLeftMs: number;
}

/**
 * subscription_rate_slices: one row per rate-limited subscription holding the current time slice
 * and how many of its starts are taken. Slice k of a limit r over s slices a second allows
 * floor((k+1)·r/s) − floor(k·r/s) starts, so any s consecutive slices allow exactly r, and any
 * 1-second window sees at most r plus one slice's share (55 for 50/s). Slices are numbered by the
 * database's clock, so instances with skewed clocks still share one sequence.
 */
@Injectable()
export class RateSliceStore {
  constructor(private readonly db: DataSource) {}

  /** Takes up to `want` starts of the current slice in one atomic upsert. */
  async claim(tenantId: string, id: string, perSecond: number, want: number): Promise<RateGrant> {
    const s = slicesPerSecond(perSecond);
    const rows: { granted: number; slice: string; now_ms: number }[] = await this.db.query(
      `INSERT INTO subscription_rate_slices AS r (tenant_id, subscription_id, slice, budget, used, granted)
       SELECT $1, $2, n.k, n.budget, LEAST($5::int, n.budget), LEAST($5::int, n.budget)
         FROM (SELECT k, ((k + 1) * $3::bigint / $4::bigint - k * $3::bigint / $4::bigint)::int AS budget
                 FROM (SELECT floor(extract(epoch FROM clock_timestamp()) * $4::float8)::bigint AS k) t) n
       ON CONFLICT (tenant_id, subscription_id) DO UPDATE SET
         granted = CASE WHEN r.slice = EXCLUDED.slice THEN LEAST(r.used + $5, r.budget) - r.used ELSE EXCLUDED.granted END,
         used = CASE WHEN r.slice = EXCLUDED.slice THEN LEAST(r.used + $5, r.budget) ELSE EXCLUDED.used END,
         budget = CASE WHEN r.slice = EXCLUDED.slice THEN r.budget ELSE EXCLUDED.budget END,
         slice = EXCLUDED.slice
       WHERE r.slice <= EXCLUDED.slice
       RETURNING granted, slice, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms`,
      [tenantId, id, perSecond, s, want],
    );
    // No row: another instance already writes a later slice (clock read just before a boundary).
    if (!rows.length) return { granted: 0, sliceLeftMs: 1 };
    const sliceEnd = ((Number(rows[0].slice) + 1) * 1000) / s;
    return { granted: rows[0].granted, sliceLeftMs: Math.max(1, sliceEnd - rows[0].now_ms) };
  }
}
