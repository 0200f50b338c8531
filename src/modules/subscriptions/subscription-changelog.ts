import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox, type StagedRecord } from '../../platform/outbox/outbox.js';
import { TopicNames } from '../../topology.js';
import { MatchingLeases } from './matching-leases.js';

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
    private readonly leases: MatchingLeases,
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

  /** After the commit: on the changelog now, else the relay's. */
  async publish(staged: readonly StagedRecord[]): Promise<void> {
    await this.outbox.publishCommitted(staged);
  }

  /**
   * After the commit, before an API caller is answered (read-your-writes): on the changelog, and
   * applied by every ingest instance holding a matching lease, so an event published after the
   * answer is matched against the change without waiting. Records go one at a time, so that each
   * acknowledgement names its record's offset. Nothing to wait for when the broker did not take
   * the record (the relay sends it later).
   */
  async publishAndAwaitMatchers(staged: readonly StagedRecord[]): Promise<void> {
    const targets = new Map<number, number>();
    for (const record of staged) {
      const placed = await this.outbox.publishCommitted([record]);
      if (!placed) return;
      for (const { partition, baseOffset } of placed)
        targets.set(partition, Math.max(targets.get(partition) ?? 0, Number(baseOffset) + 1));
    }
    await this.leases.awaitApplied(this.topic, targets);
  }
}
