import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4 finds a group's coordinator by asking each broker in turn (BrokerPool.withBroker),
 * drops every broker's answer and throws a bare KafkaJSGroupCoordinatorNotFound. A principal that
 * may not describe the group gets that same error: GROUP_AUTHORIZATION_FAILED is lost, and with it
 * which ACL to grant. This keeps the last broker's answer of the lookup as the error's `cause`, so
 * the failure is classed and named like any other (kafka-failure.ts). Per lookup, through async
 * context: concurrent lookups on one pool keep their own answers.
 */
interface Answers {
  last?: unknown;
}

type WithBroker = (this: unknown, callback: (broker: unknown) => Promise<unknown>) => Promise<unknown>;
type FindMetadata = (this: unknown, options: unknown) => Promise<unknown>;

const require = createRequire(import.meta.url);
/** kafkajs's internal classes (CommonJS, not part of its public API, hence the pinned version). */
const BrokerPool = require('kafkajs/src/cluster/brokerPool.js') as { prototype: { withBroker: WithBroker } };
const Cluster = require('kafkajs/src/cluster/index.js') as {
  prototype: { findGroupCoordinatorMetadata: FindMetadata };
};

const lookup = new AsyncLocalStorage<Answers>();

const withBroker = BrokerPool.prototype.withBroker;
BrokerPool.prototype.withBroker = function (callback) {
  const answers = lookup.getStore();
  if (!answers) return withBroker.call(this, callback);
  return withBroker.call(this, async (broker) => {
    try {
      return await callback(broker);
    } catch (error) {
      answers.last = error;
      throw error;
    }
  });
};

const findGroupCoordinatorMetadata = Cluster.prototype.findGroupCoordinatorMetadata;
Cluster.prototype.findGroupCoordinatorMetadata = function (options) {
  const answers: Answers = {};
  return lookup.run(answers, async () => {
    try {
      return await findGroupCoordinatorMetadata.call(this, options);
    } catch (error) {
      const e = error as { name?: string; cause?: unknown };
      if (e.name === 'KafkaJSGroupCoordinatorNotFound' && e.cause === undefined && answers.last) e.cause = answers.last;
      throw error;
    }
  });
};
