import type { Logger } from '@nestjs/common';
import kafkajs, { type Admin } from 'kafkajs';

// kafkajs is CommonJS: Node's ESM loader does not see this export by name (Jest's loader does), so
// a named import made the built service fail at start.
const { ConfigResourceTypes } = kafkajs;

const MAX_MESSAGE_BYTES = 'max.message.bytes';

/**
 * The record size Hookline's own topics must hold: a task carries the event's JSON body (at most
 * MAX_EVENT_BYTES) twice, as the event and as the body text escaped inside the task's JSON, plus its
 * delivery fields and headers.
 */
export const internalRecordLimit = (maxEventBytes: number) => 3 * maxEventBytes + 256 * 1024;

async function maxMessageBytes(admin: Admin, topics: string[]): Promise<Map<string, number>> {
  if (topics.length === 0) return new Map();
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configNames: [MAX_MESSAGE_BYTES] })),
  });
  return new Map(
    described.resources.map((r) => [
      r.resourceName,
      Number(r.configEntries.find((c) => c.configName === MAX_MESSAGE_BYTES)?.configValue),
    ]),
  );
}

/**
 * Raises max.message.bytes on Hookline's own topics created before the limit was what it is now
 * (their other settings are kept: AlterConfigs replaces a topic's whole set), and warns when an
 * ingest topic accepts records larger than the DLQ holds: those are still quarantined, in Postgres.
 */
export async function reconcileTopicLimits(
  admin: Admin,
  topics: { owned: string[]; ingest: string[]; dlq: string },
  limit: number,
  log: Logger,
): Promise<void> {
  const owned = await maxMessageBytes(admin, topics.owned);
  for (const [topic, bytes] of owned) {
    if (bytes >= limit) continue;
    await raiseLimit(admin, topic, limit);
    log.warn(`${topic}: max.message.bytes raised from ${bytes} to ${limit} to hold a task of MAX_EVENT_BYTES`);
  }
  const dlqBytes = Math.max(owned.get(topics.dlq) ?? 0, limit);
  for (const [topic, bytes] of await maxMessageBytes(admin, topics.ingest)) {
    if (bytes > dlqBytes)
      log.warn(
        `${topic} accepts records up to ${bytes} bytes but ${topics.dlq} holds ${dlqBytes}: a larger record is ` +
          `parked as too_large with its bytes in Postgres (dead_letters) and a pointer on the DLQ`,
      );
  }
}

async function raiseLimit(admin: Admin, topic: string, limit: number): Promise<void> {
  const [current] = (
    await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
    })
  ).resources;
  const kept = current.configEntries
    // Only the topic's own overrides (source 1); the rest are broker defaults it inherits anyway.
    .filter(
      (c) => (c.configSource ?? (c.isDefault ? 5 : 1)) === 1 && !c.isSensitive && c.configName !== MAX_MESSAGE_BYTES,
    )
    .map((c) => ({ name: c.configName, value: c.configValue }));
  await admin.alterConfigs({
    validateOnly: false,
    resources: [
      {
        type: ConfigResourceTypes.TOPIC,
        name: topic,
        configEntries: [...kept, { name: MAX_MESSAGE_BYTES, value: String(limit) }],
      },
    ],
  });
}
