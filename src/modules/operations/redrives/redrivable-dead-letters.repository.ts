import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RedriveSelection {
  tenantId: string;
  subscriptionId?: string;
  since?: string;
  until: string;
  reason?: string;
}

export interface DeadLetterPosition {
  createdAt: string;
  id: string;
}

export interface RedrivableDeadLetter {
  id: string;
  created_key: string;
  payload_json: unknown;
}

/** The tenant's dead letters not redriven yet, oldest first, and the mark a redrive leaves on them. */
@Injectable()
export class RedrivableDeadLettersRepository {
  constructor(private readonly db: DataSource) {}

  async count(s: RedriveSelection): Promise<number> {
    const { where, params } = this.where(s);
    const rows: { n: string }[] = await this.db.query(
      `SELECT count(*) AS n FROM dead_letters WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0].n);
  }

  batch(s: RedriveSelection, after: DeadLetterPosition | null, limit: number): Promise<RedrivableDeadLetter[]> {
    const { where, params } = this.where(s);
    if (after)
      where.push(`(created_at, id) > ($${params.push(after.createdAt)}::timestamptz, $${params.push(after.id)})`);
    return this.db.query(
      `SELECT id, created_at::text AS created_key, payload_json FROM dead_letters WHERE ${where.join(' AND ')}
        ORDER BY created_at, id LIMIT $${params.push(limit)}`,
      params,
    );
  }

  async markRedriven(tenantId: string, ids: string[], operationId: string): Promise<void> {
    await this.db.query(
      `UPDATE dead_letters SET redriven_at = now(), redriven_by = $3
        WHERE tenant_id = $1 AND id = ANY ($2::uuid[]) AND redriven_at IS NULL`,
      [tenantId, ids, operationId],
    );
  }

  private where(s: RedriveSelection): { where: string[]; params: unknown[] } {
    const params: unknown[] = [s.tenantId, s.until];
    const where = ['tenant_id = $1', 'redriven_at IS NULL', 'created_at < $2::timestamptz'];
    if (s.since) where.push(`created_at >= $${params.push(s.since)}::timestamptz`);
    if (s.subscriptionId) where.push(`subscription_id = $${params.push(s.subscriptionId)}::uuid`);
    if (s.reason) where.push(`reason = $${params.push(s.reason)}`);
    return { where, params };
  }
}
