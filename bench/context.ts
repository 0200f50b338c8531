import { randomBytes } from 'node:crypto';
import cliProgress from 'cli-progress';
import type { Producer } from 'kafkajs';
import { AppConfig } from '../src/platform/config/app-config.js';
import { createKafkaClient } from '../src/platform/kafka/kafka-client.js';
import pg from 'pg';
import { freePort, ServiceProcess } from '../src/devtools/service-process.js';
import { SubscriptionSecrets } from '../src/modules/subscriptions/subscription-secrets.js';
import { keyRingFromConfig } from '../src/platform/crypto/key-ring-config.js';
import { SecretBox } from '../src/platform/crypto/secret-box.js';
import { benchEventId } from './event-ids.js';
import { ReceiverProcess } from './receiver-process.js';
import type { ReceiverStats } from './receiver.js';
import { settings } from './settings.js';

/** What every scenario shares: the database, Kafka, the receiver process and the bench tenant. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const tenant = `bench-${randomBytes(3).toString('hex')}`;
export const db = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
/** The service's own client settings (KAFKA_SECURITY_PROTOCOL…, from the environment as the service reads them). */
export const kafka = createKafkaClient(AppConfig.fromEnv({ ...process.env, KAFKA_BROKERS: settings.brokers }), {
  clientId: 'hookline-bench',
});
export const receiver = new ReceiverProcess();
export const newPrefix = () => `bench${randomBytes(4).toString('hex')}`;
/** Seals the bench's secrets as the service does, with the key ring its services get (make bench: .data's). */
let sealing: SubscriptionSecrets | undefined;
const secretsAtRest = () =>
  (sealing ??= new SubscriptionSecrets(new SecretBox(keyRingFromConfig(AppConfig.fromEnv(process.env)))));

/**
 * Subscription i's id is the same in every round and phase: tasks are keyed by subscription, so a
 * random id would deal the subscriptions over the partitions anew each time, and phases compared
 * with each other would differ in that too.
 */
export const benchSubscriptionId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** Replaces the bench tenant's subscriptions with one per path, each taking the given event types (and filter). */
export async function setSubscriptions(
  paths: string[],
  events: (i: number) => string[] = () => ['*'],
  filter: (i: number) => string | null = () => null,
): Promise<void> {
  // Also the fixed ids under another tenant: a bench stopped midway leaves its subscriptions behind.
  const ids = paths.map((_, i) => benchSubscriptionId(i));
  await db.query(`DELETE FROM subscriptions WHERE tenant_id = $1 OR id = ANY($2::uuid[])`, [tenant, ids]);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  for (const [i, path] of paths.entries()) {
    const id = benchSubscriptionId(i);
    const secrets = JSON.stringify([secretsAtRest().create(id, 'hmac-sha256', secret, new Date()).entry]);
    await db.query(
      `INSERT INTO subscriptions (id, tenant_id, url, events, secrets, filter) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, tenant, receiver.url(path), events(i), secrets, filter(i)],
    );
  }
}

/** `count` envelopes; `typeOf(i)` picks each one's type (routing it when subscriptions take one type each). */
export function eventsOf(
  count: number,
  typeOf: (i: number) => string = () => 'order.created',
): { value: string; headers: Record<string, string> }[] {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => ({
    value: JSON.stringify({
      id: benchEventId(now.getTime()),
      type: typeOf(i),
      created_at: now.toISOString(),
      data: { order_id: `o-${i}`, status: 'pending', total: { amount: 1200, currency: 'EUR' } },
    }),
    headers: { 'tenant-id': tenant },
  }));
}

export async function publish(
  producer: Producer,
  topic: string,
  count: number,
  typeOf?: (i: number) => string,
  inFlight = 1,
): Promise<void> {
  const sends: Promise<unknown>[] = [];
  for (let sent = 0; sent < count; sent += 500) {
    const n = Math.min(500, count - sent);
    const from = sent;
    sends.push(producer.send({ topic, acks: 1, messages: eventsOf(n, typeOf && ((i) => typeOf(from + i))) }));
    // In order by default (the fan-out's latencies); a backlog is written several sends at a time.
    if (sends.length >= inFlight) await Promise.all(sends.splice(0));
  }
  await Promise.all(sends);
}

/** Waits until the receiver counted `expected` answered requests (hanging paths excluded). */
export async function waitDelivered(expected: number, label: string): Promise<ReceiverStats> {
  const bar = new cliProgress.SingleBar(
    { format: `${label.padEnd(30)} [{bar}] {value}/{total} deliveries  {rate}/s`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(expected, 0, { rate: 0 });
  const started = Date.now();
  let last = 0;
  let lastChange = Date.now();
  for (;;) {
    const { requests } = await receiver.stats(false);
    bar.update(Math.min(requests, expected), { rate: Math.round(requests / ((Date.now() - started) / 1000)) });
    if (requests >= expected) {
      bar.stop();
      return receiver.stats();
    }
    if (requests !== last) [last, lastChange] = [requests, Date.now()];
    if (Date.now() - lastChange > 60_000) {
      bar.stop();
      throw new Error(`${label}: stuck at ${requests}/${expected} deliveries`);
    }
    await sleep(200);
  }
}

/** The service's environment: a fresh topic prefix and groups; DELIVERY_* and the like pass through. */
function serviceEnv(prefix: string, port: number, overrides: Record<string, string> = {}): Record<string, string> {
  const passthrough = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k, v]) => v !== undefined && /^(DELIVERY_|ATTEMPT_|INGEST_|DATABASE_POOL|KAFKA_TOPIC_PARTITIONS)/.test(k),
    ),
  ) as Record<string, string>;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ROLES: 'all',
    DATABASE_URL: settings.databaseUrl,
    KAFKA_BROKERS: settings.brokers,
    KAFKA_TOPIC_PREFIX: `${prefix}.webhooks`,
    KAFKA_GROUP_PREFIX: prefix,
    INGEST_TOPICS: `${prefix}.events`,
    EGRESS_CA_FILE: receiver.caFile,
    EGRESS_ALLOW_CIDRS: '127.0.0.0/8',
    INGEST_DATA_VALIDATION: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...passthrough,
    ...overrides,
  };
}

/** A service process of this scenario (its topic prefix), started on a free port and ready. */
export async function startService(prefix: string, overrides: Record<string, string> = {}): Promise<ServiceProcess> {
  const service = new ServiceProcess(
    serviceEnv(prefix, await freePort(), { METRICS_PORT: String(await freePort()), ...overrides }),
  );
  service.start();
  await service.waitReady();
  return service;
}

/** Deletes a scenario's topics once its service stopped, so runs do not pile up partitions on the broker. */
export async function dropTopics(prefix: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } catch (error) {
    console.warn(`could not delete the topics of ${prefix}: ${String(error)}`);
  } finally {
    await admin.disconnect();
  }
}
