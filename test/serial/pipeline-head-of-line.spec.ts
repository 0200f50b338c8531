import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { echoChallenge, HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { metricsUrlOf } from '../support/harness.js';
import { pipelineTopology } from '../../src/topology.js';

const EVENTS = 5_000;
const HANG_MS = 25_000;

/**
 * No head-of-line blocking at volume: FAST answers at once, SLOW hangs 25 s on every request, and
 * both get the same 5,000 events. FAST finishes within 10 % + 1 s of its time alone (measured on a
 * quiet machine: alone 2.7 s, beside 3.5 s, three runs alike; SLOW's tasks still cost their fan-out
 * and one deferral each, and its stall takes a second to detect), because SLOW's surplus steps
 * aside to the retry tiers instead of filling the delivery consumer's buffer; once SLOW answers
 * again every one of its events arrives, none lost.
 *
 * Each case runs three times, alternating (alone, beside, …), and the medians are compared: on a
 * shared two-core machine one run of either case swings by a quarter from run to run, which a single
 * pair mistook for head-of-line blocking, and one slow run in two pairs pushed their mean past the
 * bound (beside 5.5 and 6.7 s against alone 5.0 and 4.2 s in a fresh-clone CI run).
 *
 * The retry schedule starts at 60 s, like the default (1 m) longer than the six runs: with tiers of
 * a few seconds SLOW's deferred tasks would come back during the later runs, stepping aside again
 * and loading the "alone" runs with SLOW's work.
 */
describe('pipeline: a hanging endpoint beside a healthy one', () => {
  const tenant = uniqueId('tenant-');
  // Two endpoints, two origins, as two customers' endpoints would be.
  const fast = new HttpsReceiver();
  const slow = new HttpsReceiver(fast);
  let slowHangs = true;
  let config: AppConfig;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let slowId: string;

  beforeAll(async () => {
    slow.responder = async (req) => {
      if (slowHangs) await new Promise((r) => setTimeout(r, HANG_MS));
      return echoChallenge(req);
    };
    await fast.start();
    await slow.start();
    config = testConfig({
      ROLES: 'api,ingest,delivery,retry',
      EGRESS_CA_FILE: fast.caFile,
      RETRY_SCHEDULE: '60s,65s,70s,75s,80s,85s',
      INGEST_DATA_VALIDATION: 'off',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    await fixtures.insertSubscription({ tenantId: tenant, url: fast.url('/fast'), events: ['*'] });
    slowId = await fixtures.insertSubscription({ tenantId: tenant, url: slow.url('/slow'), events: ['order.*'] });
    app = await startApp(config);
  });
  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await Promise.all([fast.stop(), slow.stop()]);
  });

  const publish = async (type: string) => {
    const events = Array.from({ length: EVENTS }, (_, i) => envelope(type, { n: i }));
    for (let i = 0; i < events.length; i += 500)
      await kafka.send(
        config.ingest.topics[0],
        events.slice(i, i + 500).map((e) => ({ value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
      );
    return events;
  };
  const received = (receiver: HttpsReceiver, events: { id: string }[]) => {
    const seen = new Set(receiver.deliveries().map((r) => r.headers['webhook-id']));
    return events.filter((e) => seen.has(e.id)).length;
  };
  const timeFast = async (type: string) => {
    const started = Date.now();
    const events = await publish(type);
    await eventually(() => received(fast, events) === EVENTS, 120_000, `FAST got ${type}`);
    return { ms: Date.now() - started, events };
  };

  it('keeps FAST near its time alone, and delivers every SLOW event once SLOW answers', async () => {
    const alone: Awaited<ReturnType<typeof timeFast>>[] = [];
    const beside: typeof alone = [];
    for (const round of ['created', 'updated', 'deleted']) {
      alone.push(await timeFast(`user.${round}`));
      beside.push(await timeFast(`order.${round}`));
    }
    const median = (runs: { ms: number }[]) => runs.map((r) => r.ms).sort((a, b) => a - b)[runs.length >> 1];
    console.log(
      `FAST alone ${alone.map((r) => r.ms).join(' / ')} ms (median ${median(alone)}), ` +
        `beside a hanging SLOW ${beside.map((r) => r.ms).join(' / ')} ms (median ${median(beside)})`,
    );
    // Before stalled subscriptions stepped aside, FAST never finished (intake paused for about an hour).
    expect(median(beside)).toBeLessThanOrEqual(median(alone) * 1.1 + 1_000);

    const metrics = await (await fetch(metricsUrlOf(app))).text();
    expect(metrics).toMatch(new RegExp(`hookline_deferred_tasks_total\\{subscription_id="${slowId}"\\} [1-9]`));
    // Caught from its first byte long before its 25 s hang ends, SLOW is down to a single request.
    expect(metrics).toMatch(
      new RegExp(`hookline_subscription_concurrency_limit\\{subscription_id="${slowId}"\\} 1\\b`),
    );
    expect(metrics).toMatch(/hookline_consumer_partition_buffered_records\{topic="[^"]+",partition="\d+"\} \d+/);

    slowHangs = false;
    const slowEvents = beside.flatMap((r) => r.events);
    await eventually(() => received(slow, slowEvents) === slowEvents.length, 180_000, 'every SLOW event delivered');
  }, 360_000);
});
