import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox, type StagedRecord } from '../../platform/outbox/outbox.js';
import { TopicNames } from '../../topology.js';

/**
 * A change to one event type, on the compacted `<prefix>.event-types` topic (key = the type).
 * Every instance re-reads that type from Postgres; `revision` lets it ignore an older record.
 */
export interface EventTypeChangedV1 {
  type: 'EventTypeChangedV1';
  event_type: string;
  revision: number;
}

export function parseEventTypeChanged(value: Buffer | null): EventTypeChangedV1 | undefined {
  try {
    const message = JSON.parse(value?.toString('utf8') ?? '') as Partial<EventTypeChangedV1>;
    if (message?.type !== 'EventTypeChangedV1' || typeof message.event_type !== 'string') return undefined;
    return typeof message.revision === 'number' ? (message as EventTypeChangedV1) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs inside the transaction that changed a type: stages its changelog record in the outbox. */
export type StageChange = (manager: EntityManager, record: { type: string; revision: number }) => Promise<void>;

/** One change on its way: `stage` in the transaction that makes it, `publish` once it committed. */
export interface Announcement {
  stage: StageChange;
  publish(): Promise<void>;
}

/**
 * Catalog changes on their way to every instance's copy, through the outbox: the record commits with
 * the change and goes out right after the commit (or, when that fails, with the relay).
 */
@Injectable()
export class EventTypeChangelog {
  private readonly topic: string;

  constructor(
    private readonly outbox: Outbox,
    topics: TopicNames,
  ) {
    this.topic = topics.eventTypes;
  }

  begin(): Announcement {
    const staged: StagedRecord[] = [];
    return {
      stage: async (manager, record) => {
        const message: EventTypeChangedV1 = {
          type: 'EventTypeChangedV1',
          event_type: record.type,
          revision: record.revision,
        };
        const value = JSON.stringify(message);
        staged.push(await this.outbox.stage(manager, { topic: this.topic, key: record.type, value, tenantId: null }));
      },
      publish: async () => {
        await this.outbox.publishCommitted(staged.splice(0));
      },
    };
  }
}
