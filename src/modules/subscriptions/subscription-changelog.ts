import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox, type StagedRecord } from '../../platform/outbox/outbox.js';
import { TopicNames } from '../../topology.js';

/**
 * A change to one subscription, on the compacted `<prefix>.subscriptions` topic (key = id).
 * Consumers reload the subscription from Postgres (or drop it when deleted): secrets never travel
 * through Kafka. `version` lets a consumer ignore a change older than what it already has.
 */
export interface SubscriptionChangedV1 {
  type: 'SubscriptionChangedV1';
  id: string;
  tenant_id: string;
  version: number;
  deleted: boolean;
}

type Change = { id: string; tenantId: string; version: number; deleted?: boolean };

/**
 * Subscription changes on their way to every instance's in-memory table, through the outbox:
 * `stage` inside the transaction that makes the change, `publish` once it committed.
 */
@Injectable()
export class SubscriptionChangelog {
  private readonly topic: string;

  constructor(
    private readonly outbox: Outbox,
    topics: TopicNames,
  ) {
    this.topic = topics.subscriptions;
  }

  stage(manager: EntityManager, change: Change): Promise<StagedRecord> {
    const message: SubscriptionChangedV1 = {
      type: 'SubscriptionChangedV1',
      id: change.id,
      tenant_id: change.tenantId,
      version: change.version,
      deleted: change.deleted ?? false,
    };
    return this.outbox.stage(manager, {
      topic: this.topic,
      key: change.id,
      value: JSON.stringify(message),
      tenantId: change.tenantId,
    });
  }

  /** After the commit: on the changelog before the caller answers (read-your-writes), else the relay's. */
  async publish(staged: readonly StagedRecord[]): Promise<void> {
    await this.outbox.publishCommitted(staged);
  }
}
