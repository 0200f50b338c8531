import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { envOf, freePort, ServiceProcess } from '../../src/devtools/service-process.js';
import { ApiClient } from '../support/api-client.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const EVENTS = 30_000;
const BATCH = 200;

/**
 * A runner killed with SIGKILL in the middle of a recovery stops renewing its lease; once the lease
 * (2 s here) has expired, the next runner of the deployment claims the operation and goes on from
 * the last checkpoint: progress never goes back, and at most the one batch in flight at the kill
 * is produced twice. Needs dist/ (the runner that dies is the built service).
 */
describe('operations: a runner killed mid-operation', () => {
  const tenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const config = testConfig({
    ROLES: 'api',
    API_KEYS: `${tenant}:${key}`,
    OPERATIONS_LEASE_MS: '2000',
    OPERATIONS_POLL_MS: '100',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    OPERATIONS_BATCH_SIZE: String(BATCH),
  });
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let apiApp: INestApplication;
  let runner: INestApplication | undefined;
  let child: ServiceProcess | undefined;
  let api: ApiClient;
  let sub: string;

  beforeAll(async () => {
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({ tenantId: tenant, url: 'https://127.0.0.1:9/x', events: ['order.*'] });
    await new OperationsSeed(fixtures.db, tenant).manyEvents(sub, EVENTS, new Date(Date.now() - 20 * 60_000));
    apiApp = await startApp(config);
    api = ApiClient.for(apiApp, key);
  });

  afterAll(async () => {
    await child?.kill9();
    await runner?.close();
    await apiApp?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
  });

  const tasksProduced = async () => {
    const admin = kafka.kafka.admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(`${config.env.KAFKA_TOPIC_PREFIX}.deliveries`);
      return offsets.reduce((sum, p) => sum + Number(p.high), 0);
    } finally {
      await admin.disconnect();
    }
  };
  const row = async (id: string) =>
    (
      await fixtures.db.query(
        `SELECT status, progress, checkpoint, lease_owner, lease_expires_at, runs FROM operations WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('is resumed by the next runner from its checkpoint once the dead holder’s lease expires', async () => {
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    const started = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since, status: 'all' });
    const id = started.body.id;

    child = new ServiceProcess(
      envOf(config, { PORT: String(await freePort()), ROLES: 'operations', LOG_LEVEL: 'warn' }),
    );
    child.start();
    await child.waitReady();
    const before = await follow(
      api,
      id,
      (op) => op.progress >= 20 || !['PENDING', 'IN_PROGRESS'].includes(op.status),
      45_000,
      10,
    );
    expect(before.final.status).toBe('IN_PROGRESS');
    await child.kill9();

    const atKill = await row(id);
    expect(atKill.status).toBe('IN_PROGRESS');
    expect(atKill.lease_owner).toEqual(expect.any(String));
    expect(atKill.checkpoint.processed).toBeGreaterThan(0);
    expect(atKill.checkpoint.processed).toBeLessThan(EVENTS);

    const env = Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, String(v)]));
    runner = await startApp(AppConfig.fromEnv({ ...env, ROLES: 'operations' }));
    const { final, samples } = await follow(api, id, ['COMPLETED', 'FAILED', 'CANCELLED'], 45_000, 20);
    expectMonotonic([...before.samples, ...samples]);
    expect(Math.min(...samples.map((s) => s.progress))).toBeGreaterThanOrEqual(atKill.progress);
    expect(final).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      result: { matched: EVENTS, redelivered: EVENTS },
    });

    const after = await row(id);
    expect(after.runs).toBe(2);
    expect(after.lease_owner).toBeNull();
    expect(after.lease_owner).not.toBe(atKill.lease_owner);
    // Resumed, not restarted: at most the batch in flight at the kill went out twice.
    const produced = await tasksProduced();
    expect(produced).toBeGreaterThanOrEqual(EVENTS);
    expect(produced).toBeLessThanOrEqual(EVENTS + BATCH);
    console.log(
      `killed at ${atKill.checkpoint.processed}/${EVENTS} (${atKill.progress} %); ${produced - EVENTS} task(s) produced twice`,
    );
  });

  it('a runner shut down gracefully gives the operation back at once; the next one finishes it without repeats', async () => {
    await runner?.close(); // the runner of the first case: only `leaving` may hold this one
    runner = undefined;
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    const before = await tasksProduced();
    const id = (await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since, status: 'all' })).body.id;
    const env = Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, String(v)]));
    const leaving = await startApp(AppConfig.fromEnv({ ...env, ROLES: 'operations' }));
    await follow(api, id, (op) => op.progress >= 20 || !['PENDING', 'IN_PROGRESS'].includes(op.status), 45_000, 10);
    await leaving.close();

    const handedBack = await row(id);
    expect(handedBack).toMatchObject({ status: 'IN_PROGRESS', lease_owner: null, lease_expires_at: null });
    expect(handedBack.checkpoint.processed).toBeLessThan(EVENTS);
    runner = await startApp(AppConfig.fromEnv({ ...env, ROLES: 'operations' }));
    const { final } = await follow(api, id, ['COMPLETED', 'FAILED', 'CANCELLED'], 45_000, 20);
    expect(final).toMatchObject({ status: 'COMPLETED', result: { matched: EVENTS, redelivered: EVENTS } });
    // The shutdown stopped at a checkpoint: nothing was produced twice.
    expect((await tasksProduced()) - before).toBe(EVENTS);
  });
});
