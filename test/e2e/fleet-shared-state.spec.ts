import { randomUUID } from 'node:crypto';
import kafkajs from 'kafkajs';
import pg from 'pg';
import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { pipelineTopology, topicNames } from '../../src/topology.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';
import { testConfig, TEST_DATABASE_URL, uniqueId } from '../support/test-config.js';

const FAILURES_TO_OPEN = 10;
const RATE = 50;

/**
 * Circuit and rate limit hold across the instances of a deployment: two built services (delivery,
 * retry) each own one of the two delivery partitions, and one subscription's tasks are put on
 * both. The circuit opens after FAILURES_TO_OPEN failures counted across both (per instance it
 * would take twice as many), and with rate_limit_per_second = 50 the endpoint never sees more than
 * 55 requests in any 1-second window (per instance it would see about 100). Needs dist/.
 */
describe('fleet: circuit and rate limit shared by two instances', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  const services: ServiceProcess[] = [];
  let config: AppConfig;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let failing: string;
  let limited: string;

  beforeAll(async () => {
    await receiver.start();
    receiver.responder = (req) => ({ status: req.path === '/fail' ? 500 : 200, body: 'ok' });
    config = testConfig({
      ROLES: 'delivery,retry',
      EGRESS_CA_FILE: receiver.caFile,
      KAFKA_TOPIC_PARTITIONS: '2',
      CIRCUIT_CONSECUTIVE_FAILURES: String(FAILURES_TO_OPEN),
      CIRCUIT_FAILURE_RATIO_PERCENT: '0',
      CIRCUIT_OPEN_DURATION: '60s',
      // One request in flight per instance: what the circuit counts is then exact, not racy.
      DELIVERY_CONCURRENCY_PER_SUBSCRIPTION: '1',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    failing = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/fail'), events: ['*'] });
    limited = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/rate'), events: ['*'] });
    await db.query(`UPDATE subscriptions SET rate_limit_per_second = $2 WHERE id = $1`, [limited, RATE]);
    for (let i = 0; i < 2; i++) {
      const service = new ServiceProcess(envOf(config, { PORT: String(await freePort()), LOG_LEVEL: 'warn' }));
      services.push(service);
      service.start();
      await service.waitReady();
    }
    await eventually(async () => (await deliveryAssignment()).join() === '1,1', 30_000, 'one partition each');
  }, 180_000);
  afterAll(async () => {
    for (const s of services) await s.stop();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await db.end();
    await receiver.stop();
  });

  /** How many delivery partitions each member of the delivery group holds. */
  const deliveryAssignment = async () => {
    const admin = kafka.kafka.admin();
    await admin.connect();
    try {
      const { groups } = await admin.describeGroups([`${config.groupPrefix}.delivery`]);
      const deliveries = topicNames(config.env.KAFKA_TOPIC_PREFIX, []).deliveries;
      return groups[0].members.map((m) => {
        const assignment = kafkajs.AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
        return assignment?.assignment[deliveries]?.length ?? 0;
      });
    } finally {
      await admin.disconnect();
    }
  };
  /** `perPartition` tasks of one subscription on each of the two delivery partitions. */
  const putTasks = async (subscriptionId: string, perPartition: number) => {
    const topic = topicNames(config.env.KAFKA_TOPIC_PREFIX, []).deliveries;
    const now = new Date().toISOString();
    const messages = [0, 1].flatMap((partition) =>
      Array.from({ length: perPartition }, (_, i) => {
        const event = { id: `p${partition}-${i}-${randomUUID()}`, type: 'order.created', created_at: now };
        const task = {
          type: 'DeliveryTaskV1',
          tenant_id: tenant,
          subscription_id: subscriptionId,
          event: { ...event, data: { i }, sequence: i + 1, previous_event_id: null },
          attempt: 1,
          trigger: 'initial',
          first_attempt_at: now,
          enqueued_at: now,
        };
        return { partition, key: subscriptionId, value: JSON.stringify(task) };
      }),
    );
    await kafka.send(topic, messages);
  };
  const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id;

  it('opens the circuit after the configured failures counted across both instances', async () => {
    await putTasks(failing, 15);
    await eventually(
      async () =>
        (
          await db.query(`SELECT state FROM subscription_circuits WHERE tenant_id = $1 AND subscription_id = $2`, [
            tenant,
            failing,
          ])
        ).rows[0]?.state === 'open',
      30_000,
      'circuit open',
    );
    await sleep(3000);
    const requests = receiver.deliveries('/fail');
    const row = (
      await db.query(`SELECT consecutive_failures, reason FROM subscription_circuits WHERE subscription_id = $1`, [
        failing,
      ])
    ).rows[0];
    console.log(
      `circuit: ${requests.length} requests reached the endpoint, ${row.consecutive_failures} failures counted, ` +
        `opened with "${row.reason}"`,
    );
    expect(row.reason).toBe(`${FAILURES_TO_OPEN} consecutive failures`);
    // Both instances attempted, and together they stopped after the threshold (one more in flight at most).
    const ids = requests.map((r) => eventIdOf(r.body));
    expect(ids.some((id) => id.startsWith('p0-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('p1-'))).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(FAILURES_TO_OPEN);
    expect(requests.length).toBeLessThanOrEqual(FAILURES_TO_OPEN + 1);
  }, 60_000);

  it('keeps one rate limit over both instances: at most 55 requests in any 1-second window at 50/s', async () => {
    const perPartition = 200;
    await putTasks(limited, perPartition);
    const unique = () => new Set(receiver.deliveries('/rate').map((r) => eventIdOf(r.body)));
    await eventually(() => unique().size === 2 * perPartition, 90_000, 'all rate-limited tasks delivered');
    const times = receiver
      .deliveries('/rate')
      .map((r) => r.receivedAt)
      .sort((a, b) => a - b);
    let max = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i] - times[j] >= 1000) j++;
      max = Math.max(max, i - j + 1);
    }
    const ids = [...unique()];
    console.log(
      `rate limit ${RATE}/s over two instances: ${times.length} requests in ${(times.at(-1)! - times[0]) / 1000} s, ` +
        `at most ${max} in any 1-second window`,
    );
    expect(ids.filter((id) => id.startsWith('p0-'))).toHaveLength(perPartition);
    expect(ids.filter((id) => id.startsWith('p1-'))).toHaveLength(perPartition);
    expect(max).toBeLessThanOrEqual(55);
    expect(max).toBeGreaterThanOrEqual(RATE / 2);
  }, 120_000);
});
