import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SubscriptionStatus } from '../subscriptions/subscription.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one fact operations need about a subscription: whether the tenant has it, and its status. */
@Injectable()
export class SubscriptionLookup {
  constructor(private readonly db: DataSource) {}

  async status(tenantId: string, subscriptionId: string): Promise<SubscriptionStatus | null> {
    if (!UUID.test(subscriptionId)) return null;
    const rows: { status: SubscriptionStatus }[] = await this.db.query(
      `SELECT status FROM subscriptions WHERE tenant_id = $1 AND id = $2`,
      [tenantId, subscriptionId],
    );
    return rows[0]?.status ?? null;
  }
}
