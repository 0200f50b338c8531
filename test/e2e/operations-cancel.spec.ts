import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient } from '../support/api-client.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const EVENTS = 100_000;

/**
 * A cancel during a 100,000-event recovery: IN_PROGRESS → CANCELLING → CANCELLED within seconds,
 * and nothing is produced after the checkpoint where it stopped. The delivery stage is not
 * running here: the test is about the operation, the tasks just accumulate on the topic.
 */
describe('operations: cancelling a large recovery', () => {
  const tenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const config = testConfig({
    ROLES: 'api,operations',
    API_KEYS: `${tenant}:${key}`,
    OPERATIONS_POLL_MS: '100',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    OPERATIONS_BATCH_SIZE: '500',
  });
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let api: ApiClient;
  let sub: string;

  beforeAll(async () => {
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({
      tenantId: tenant,
      url: 'https://127.0.0.1:9/never-called',
      events: ['order.*'],
    });
    await new OperationsSeed(fixtures.db, tenant).manyEvents(sub, EVENTS, new Date(Date.now() - 20 * 60_000));
    app = await startApp(config);
    api = ApiClient.for(app, key);
  });

  afterAll(async () => {
    await app?.close();
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

  it('stops within seconds: CANCELLING at once, CANCELLED at the next checkpoint, nothing produced after it', async () => {
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    const started = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since, status: 'all' });
    expect(started.status).toBe(202);
    const id = started.body.id;

    const running = await follow(
      api,
      id,
      (op) => op.progress >= 5 || !['PENDING', 'IN_PROGRESS'].includes(op.status),
      45_000,
      20,
    );
    expect(running.final.status).toBe('IN_PROGRESS');
    expect(running.final.estimated_completion).toEqual(expect.any(String));

    const requestedAt = Date.now();
    const cancel = await api.raw.delete(`/v1/operations/${id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.status).toBe('CANCELLING');
    // A second request while it winds down is harmless.
    expect((await api.raw.post(`/v1/operations/${id}/cancellation`)).body.status).toMatch(/^CANCELL(ING|ED)$/);

    const { final, samples } = await follow(api, id, ['CANCELLED', 'COMPLETED', 'FAILED'], 10_000, 20);
    const stoppedAfterMs = Date.now() - requestedAt;
    expect(final.status).toBe('CANCELLED');
    expect(stoppedAfterMs).toBeLessThan(5_000);
    expectMonotonic([...running.samples, ...samples]);
    expect(final.progress).toBeLessThan(100);
    expect(final.result_url).toBeNull();
    expect(final.finished_at).toEqual(expect.any(String));
    // Once the DELETE answered CANCELLING, only CANCELLING then CANCELLED can be seen.
    expect(samples.every((s) => s.status === 'CANCELLING' || s.status === 'CANCELLED')).toBe(true);

    // What went out is exactly what the last checkpoint recorded, and nothing follows.
    const { rows } = await fixtures.db.query(`SELECT checkpoint FROM operations WHERE id = $1`, [id]);
    const checkpoint = rows[0].checkpoint as { processed: number; redelivered: number; total: number };
    expect(checkpoint.total).toBe(EVENTS);
    expect(checkpoint.processed).toBeLessThan(EVENTS);
    const produced = await tasksProduced();
    expect(produced).toBe(checkpoint.redelivered);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await tasksProduced()).toBe(produced);
    console.log(`cancelled after ${checkpoint.processed}/${EVENTS} events, ${stoppedAfterMs} ms after the request`);
  });
});
