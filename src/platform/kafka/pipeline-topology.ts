import type { Role } from '../config/environment.js';

export interface TopicSpec {
  topic: string;
  /** Created by Hookline at start; false for topics an upstream owns but we still create in development. */
  owned: boolean;
  compacted?: boolean;
  consumer: {
    /** The consumer runs when any of these roles is enabled. */
    roles: Role[];
    /** The @EventPattern handler its records go to. */
    handler: string;
    /** Consumer group; every instance of the role shares it, except broadcast consumers. */
    group: string;
    /** Every instance reads every record (used for the changelog that feeds each in-memory table). */
    broadcast?: boolean;
    /** Retry tiers: records are not processed before this delay has passed since they were written. */
    delayMs?: number;
    /** The retry tier's label (1m, 5m…), for its metrics. */
    tier?: string;
    /** Records of a stalled subscription may step aside (its handler defers them to a retry tier). */
    stepAside?: boolean;
    /** Records in flight at once, in all and per key (1 and 1: strictly in order). */
    maxInFlight: number;
    maxInFlightPerKey: number;
  };
  /** Topics its consumer writes to: each must be a topic of the topology (checked at start). */
  produces: string[];
}

export class TopologyError extends Error {}

/**
 * The pipeline as data: every topic, the consumer that reads it and where that consumer writes.
 * The application builds it (src/topology.ts) and hands it to the platform, which creates the
 * topics, runs the consumers and refuses to produce anywhere else; the platform never knows which
 * stage is which.
 */
export class PipelineTopology {
  readonly topicNames: ReadonlySet<string>;

  constructor(
    readonly topics: readonly TopicSpec[],
    /** Where records that cannot be processed are parked. */
    readonly deadLetterTopic: string,
  ) {
    this.topicNames = new Set(topics.map((t) => t.topic));
    const undeclared = topics.flatMap((t) => t.produces.filter((p) => !this.topicNames.has(p)));
    if (!this.topicNames.has(deadLetterTopic)) undeclared.push(deadLetterTopic);
    if (undeclared.length > 0)
      throw new TopologyError(`the topology writes to topics it does not declare: ${undeclared.join(', ')}`);
  }

  /** The topics consumed by an instance with these roles. */
  consumedWith(hasRole: (role: Role) => boolean): TopicSpec[] {
    return this.topics.filter((t) => t.consumer.roles.some(hasRole));
  }

  /** Throws unless `topic` is one of the topology's: a producer never writes where nothing reads or was created. */
  assertDeclared(topic: string): void {
    if (!this.topicNames.has(topic))
      throw new TopologyError(`refusing to produce to ${topic}: it is not a topic of the pipeline topology`);
  }
}
