import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { SingleBar, Presets } from 'cli-progress';
import { createKafkaClient } from '../platform/kafka/kafka-client.js';
import { Webhook } from 'standardwebhooks';
import { HttpsReceiver, type ReceivedRequest } from '../devtools/https-receiver.js';
import { AppConfig } from '../platform/config/app-config.js';
import { freePort, ServiceProcess } from '../devtools/service-process.js';

const SAMPLE_EVENTS = [
  { type: 'order.created', data: { order_id: 'ord_1001', amount: 4999, currency: 'EUR', customer_id: 'cus_42' } },
  { type: 'order.updated', data: { order_id: 'ord_1001', status: 'paid' } },
  { type: 'payment.succeeded', data: { payment_id: 'pay_77', order_id: 'ord_1001', amount: 4999, currency: 'EUR' } },
  {
    type: 'payment.failed',
    data: { payment_id: 'pay_78', order_id: 'ord_1002', amount: 1250, currency: 'EUR', reason: 'card_declined' },
  },
];
const ROUNDS = 5;

interface DemoContext {
  config: AppConfig;
  receiver: HttpsReceiver;
  service: ServiceProcess;
  apiKey: string;
  tenant: string;
}

const step = (text: string) => console.log(`\n▸ ${text}`);

/**
 * The demo tenant's API key, derived from the local key ring: every run on a machine seeds the same
 * key (API_KEYS stores it once), instead of leaving a new valid key in the shared database each
 * time. The oldest key of the ring is used, so a rotation does not change it.
 */
function demoApiKey(config: AppConfig): string {
  const root = config.secrets.encryptionKeys.at(-1)?.key;
  if (!root) return `demo_${randomBytes(16).toString('hex')}`;
  return `demo_${Buffer.from(hkdfSync('sha256', root, 'hookline', 'make demo: API key of tenant demo', 16)).toString('hex')}`;
}

/**
 * `make demo`: the service, a local HTTPS receiver, one subscription, sample events through Kafka,
 * each delivery printed with its status and latency, then a summary. Ends by itself.
 */
export async function runDemo(): Promise<void> {
  const config = AppConfig.fromProcessEnv();
  const receiver = await new HttpsReceiver().start();
  const apiKey = demoApiKey(config);
  const tenant = 'demo';
  const service = new ServiceProcess({
    PORT: String(config.http.port === 3000 ? 3900 : config.http.port),
    API_KEYS: `${tenant}:${apiKey}`,
    EGRESS_CA_FILE: receiver.caFile,
    EGRESS_ALLOW_CIDRS: '127.0.0.0/8',
    LOG_LEVEL: 'warn',
    // Its own metrics port, so the demo runs beside `make run` (which listens on the default).
    METRICS_PORT: String(await freePort()),
  });
  const demo: DemoContext = { config, receiver, service, apiKey, tenant };
  try {
    step(`starting Hookline (Kafka ${config.kafka.brokers.join(',')}, Postgres, registry)`);
    service.start();
    await service.waitReady();
    console.log(`  ready at ${service.baseUrl}`);
    await removeDemoSubscriptions(demo, 'left by an earlier run');
    const { id, secret } = await registerSubscription(demo);
    const sentAt = await publishSampleEvents(demo);
    const latencies = await watchDeliveries(demo, secret, sentAt);
    await printDeliveryLog(demo, id);
    printSummary(demo, sentAt.size, latencies);
  } finally {
    // Best effort: a run that could not reach the service leaves its subscription to the next run.
    await removeDemoSubscriptions(demo, 'its receiver stops now').catch(() => undefined);
    const code = await service.stop();
    console.log(
      code === 0
        ? '  service stopped cleanly (SIGTERM, exit 0)'
        : `  service stopped with exit ${code ?? 'by SIGKILL'}`,
    );
    await receiver.stop();
  }
}

async function registerSubscription({ service, receiver, apiKey }: DemoContext) {
  step(`registering a subscription for order.* and payment.* at ${receiver.url('/demo')}`);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const created = await fetch(`${service.baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url('/demo'), events: ['order.*', 'payment.*'], secret, description: 'demo' }),
  });
  const subscription = (await created.json()) as { id: string };
  if (created.status !== 201) throw new Error(`registration failed: ${created.status} ${JSON.stringify(subscription)}`);
  console.log(`  ${created.status} subscription ${subscription.id} (URL verified by challenge)`);
  return { id: subscription.id, secret };
}

/**
 * The demo tenant is the demo's own, and its receiver lives as long as one run. A subscription left
 * behind (the run ended, or was interrupted) would send later runs' events to a port nobody answers,
 * retrying for a day, so each run removes them first and its own last.
 */
async function removeDemoSubscriptions({ service, apiKey }: DemoContext, why: string): Promise<void> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const listed = await fetch(`${service.baseUrl}/v1/webhooks?limit=100`, { headers });
  const { data = [] } = (await listed.json()) as { data?: { id: string }[] };
  for (const { id } of data) {
    const removed = await fetch(`${service.baseUrl}/v1/webhooks/${id}`, { method: 'DELETE', headers });
    if (removed.status !== 204 && removed.status !== 404)
      throw new Error(`could not remove demo subscription ${id}: ${removed.status}`);
  }
  if (data.length > 0) console.log(`  removed ${data.length} demo subscription(s): ${why}`);
}

/** Publishes ROUNDS of the sample events; answers when each was sent, by event id. */
async function publishSampleEvents({ config, tenant }: DemoContext): Promise<Map<string, number>> {
  const total = SAMPLE_EVENTS.length * ROUNDS;
  step(`publishing ${total} events to Kafka topic ${config.ingest.topics[0]}`);
  const sentAt = new Map<string, number>();
  const kafka = createKafkaClient(config, { clientId: 'hookline-demo' });
  const producer = kafka.producer();
  await producer.connect();
  const messages = Array.from({ length: ROUNDS }, () => SAMPLE_EVENTS)
    .flat()
    .map((e) => {
      const id = `evt_${randomUUID()}`;
      sentAt.set(id, Date.now());
      const envelope = { id, type: e.type, created_at: new Date().toISOString(), data: e.data };
      return { key: e.data.order_id, value: JSON.stringify(envelope), headers: { 'tenant-id': tenant } };
    });
  await producer.send({ topic: config.ingest.topics[0], messages, acks: -1 });
  await producer.disconnect();
  return sentAt;
}

const distinctDeliveries = (receiver: HttpsReceiver) =>
  new Set(receiver.deliveries('/demo').map((r) => r.headers['webhook-id'])).size;

/** Waits (up to a minute) for every event, verifying each signature; answers the latencies seen. */
async function watchDeliveries({ receiver }: DemoContext, secret: string, sentAt: Map<string, number>) {
  step('deliveries arriving at the receiver (signature checked with the standardwebhooks library)');
  const verifier = new Webhook(secret);
  const bar = new SingleBar(
    { format: '  {bar} {value}/{total} delivered', clearOnComplete: true },
    Presets.shades_classic,
  );
  bar.start(sentAt.size, 0);
  const lines: string[] = [];
  const latencies: number[] = [];
  const printed = new Set<ReceivedRequest>();
  const takeNew = () => {
    for (const r of receiver.deliveries('/demo').filter((x) => !printed.has(x))) {
      printed.add(r);
      const body = verifier.verify(r.body, r.headers) as { id: string; type: string };
      const latency = r.receivedAt - (sentAt.get(body.id) ?? r.receivedAt);
      latencies.push(latency);
      lines.push(`  ✓ ${body.type.padEnd(18)} ${body.id}  200  ${latency} ms  signature ok`);
    }
    bar.update(distinctDeliveries(receiver));
  };
  const until = Date.now() + 60_000;
  while (distinctDeliveries(receiver) < sentAt.size && Date.now() < until) {
    takeNew();
    await new Promise((r) => setTimeout(r, 100));
  }
  takeNew();
  bar.stop();
  lines.forEach((l) => console.log(l));
  return latencies;
}

async function printDeliveryLog({ service, apiKey }: DemoContext, subscriptionId: string) {
  step('delivery log from the API');
  const log = await fetch(`${service.baseUrl}/v1/webhooks/${subscriptionId}/deliveries?limit=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const attempts = ((await log.json()) as { data: { status_code: number }[] }).data ?? [];
  const codes = [...new Set(attempts.map((a) => a.status_code))].join(', ');
  console.log(`  ${attempts.length} attempts recorded, status codes: ${codes}`);
}

/** Prints the totals and latencies; fails the demo when an event was not delivered. */
function printSummary({ receiver }: DemoContext, total: number, latencies: number[]) {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const distinct = distinctDeliveries(receiver);
  step('summary');
  console.log(`  events published     ${total}`);
  console.log(`  deliveries received  ${latencies.length} (${distinct} distinct)`);
  console.log(`  latency p50 / max    ${pct(50)} ms / ${latencies.at(-1) ?? 0} ms (publish → received)`);
  if (distinct < total) throw new Error(`only ${distinct} of ${total} events were delivered`);
}
