import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/**
 * Every transition of an operation through the API: PENDING → CANCELLED at once (DELETE and POST
 * forms), finished → 409 for cancel and retry, listing with filters and cursors, PENDING →
 * IN_PROGRESS → COMPLETED once a runner is there, FAILED with an error the tenant can act on, and
 * FAILED → retry → PENDING → COMPLETED resuming from the checkpoint.
 */
describe('operations: lifecycle through the API', () => {
  const tenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const receiver = new HttpsReceiver();
  let config: AppConfig;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let apiOnly: INestApplication;
  let runner: INestApplication | undefined;
  let api: ApiClient;
  let sub: string;
  const since = new Date(Date.now() - 10 * 60_000).toISOString();

  beforeAll(async () => {
    await receiver.start();
    config = testConfig({
      ROLES: 'api',
      EGRESS_CA_FILE: receiver.caFile,
      API_KEYS: `${tenant}:${key}`,
      OPERATIONS_POLL_MS: '100',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      OPERATIONS_BATCH_SIZE: '50',
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/hook'), events: ['order.*'] });
    await new OperationsSeed(fixtures.db, tenant).manyEvents(sub, 3000, new Date(Date.now() - 5 * 60_000));
    // The API alone: no runner of this deployment exists yet, so operations stay PENDING.
    apiOnly = await startApp(config);
    api = ApiClient.for(apiOnly, key);
  });

  afterAll(async () => {
    await runner?.close();
    await apiOnly?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  /** A second instance of the same deployment (same topic prefix and groups) with the runner role. */
  const startRunner = async () => {
    const env = Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, String(v)]));
    runner = await startApp(AppConfig.fromEnv({ ...env, ROLES: 'operations' }));
  };
  const recover = (extra: object = {}) =>
    api.raw.post(`/v1/webhooks/${sub}/recoveries`, { since, status: 'all', dry_run: true, ...extra });

  let pendingIds: string[] = [];

  it('starts PENDING and cancels a PENDING operation at once, by DELETE or by POST …/cancellation', async () => {
    const started = await Promise.all([recover(), recover(), recover()]);
    pendingIds = started.map((r) => r.body.id);
    for (const r of started) expect(r.body.status).toBe('PENDING');

    const viaDelete = await api.raw.delete(`/v1/operations/${pendingIds[0]}`);
    expect(viaDelete.status).toBe(202);
    expect(viaDelete.body).toMatchObject({ id: pendingIds[0], status: 'CANCELLED', result_url: null });
    expect(viaDelete.body.finished_at).toEqual(expect.any(String));
    const viaPost = await api.raw.post(`/v1/operations/${pendingIds[1]}/cancellation`);
    expect(viaPost.status).toBe(202);
    expect(viaPost.body.status).toBe('CANCELLED');
    expect((await api.raw.get(`/v1/operations/${pendingIds[1]}`)).body.status).toBe('CANCELLED');
  });

  it('answers 409 to cancelling a finished operation and to retrying anything but a FAILED one', async () => {
    expectErrorBody(await api.raw.delete(`/v1/operations/${pendingIds[0]}`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.post(`/v1/operations/${pendingIds[1]}/cancellation`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.post(`/v1/operations/${pendingIds[0]}/retry`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.post(`/v1/operations/${pendingIds[2]}/retry`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.get(`/v1/operations/${pendingIds[2]}/result`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.post(`/v1/operations/${randomUUID()}/retry`), 404, 'NOT_FOUND');
    expectErrorBody(await api.raw.delete(`/v1/operations/${randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('lists the tenant’s operations newest first, filtered by status and kind, page by page', async () => {
    const cancelled = await api.raw.get('/v1/operations?status=CANCELLED&kind=recovery');
    expect(cancelled.body.data.map((o: { id: string }) => o.id).sort()).toEqual(pendingIds.slice(0, 2).sort());
    const pending = await api.raw.get('/v1/operations?status=PENDING');
    expect(pending.body.data.map((o: { id: string }) => o.id)).toEqual([pendingIds[2]]);
    expect((await api.raw.get('/v1/operations?kind=report')).body.data).toEqual([]);

    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await api.raw.get(`/v1/operations?limit=1${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((o: { id: string }) => o.id));
      if (!page.body.pagination.has_more) break;
      after = page.body.pagination.next_cursor;
    }
    // Newest first = uuid v7 ids descending (the three were started concurrently, so not in call order).
    expect(seen).toEqual([...pendingIds].sort().reverse());
    expectErrorBody(await api.raw.get('/v1/operations?status=DONE'), 422, 'VALIDATION_ERROR');
    expectErrorBody(await api.raw.get('/v1/operations?after=garbage'), 422, 'VALIDATION_ERROR');
  });

  it('a runner of the deployment takes the PENDING operation to IN_PROGRESS and COMPLETED', async () => {
    await startRunner();
    const { final, samples } = await follow(api, pendingIds[2]);
    expectMonotonic(samples);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, dry_run: true } });
    expect(final.started_at).toEqual(expect.any(String));
    expectErrorBody(await api.raw.delete(`/v1/operations/${pendingIds[2]}`), 409, 'CONFLICT');
    expectErrorBody(await api.raw.post(`/v1/operations/${pendingIds[2]}/retry`), 409, 'CONFLICT');
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

  it('FAILED with a code and message when the subscription is disabled; COMPLETED on retry once enabled', async () => {
    await api.raw.post(`/v1/webhooks/${sub}/disable`);
    const started = await recover({ dry_run: false });
    const failed = (await follow(api, started.body.id)).final;
    expect(failed).toMatchObject({
      status: 'FAILED',
      result_url: null,
      error: { code: 'SUBSCRIPTION_DISABLED', message: expect.stringContaining('enable it') },
    });
    expectErrorBody(await api.raw.delete(`/v1/operations/${started.body.id}`), 409, 'CONFLICT');

    await api.raw.post(`/v1/webhooks/${sub}/enable`);
    const retried = await api.raw.post(`/v1/operations/${started.body.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toEqual({ id: started.body.id, status: 'PENDING' });
    expect(retried.headers.get('location')).toBe(`/v1/operations/${started.body.id}`);
    const { final, samples } = await follow(api, started.body.id);
    expectMonotonic(samples);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, redelivered: 3000 } });
    expect(final.error).toBeUndefined();
  });

  it('a retry resumes a recovery that failed mid-way from its checkpoint, not from zero', async () => {
    const before = await tasksProduced();
    const started = await recover({ dry_run: false });
    const id = started.body.id;
    const early = await follow(
      api,
      id,
      (op) => op.progress >= 20 || (op.status !== 'IN_PROGRESS' && op.status !== 'PENDING'),
      30_000,
      5,
    );
    expect(early.final.status).toBe('IN_PROGRESS');
    await api.raw.post(`/v1/webhooks/${sub}/disable`);
    const failed = (await follow(api, id)).final;
    expect(failed).toMatchObject({ status: 'FAILED', error: { code: 'SUBSCRIPTION_DISABLED' } });
    expect(failed.progress).toBeGreaterThanOrEqual(20);
    expect(failed.progress).toBeLessThan(100);
    const producedBeforeRetry = (await tasksProduced()) - before;
    expect(producedBeforeRetry).toBeGreaterThan(0);
    expect(producedBeforeRetry).toBeLessThan(3000);

    await api.raw.post(`/v1/webhooks/${sub}/enable`);
    expect((await api.raw.post(`/v1/operations/${id}/retry`)).status).toBe(202);
    const { final, samples } = await follow(api, id);
    expectMonotonic(samples);
    expect(Math.min(...samples.map((s) => s.progress))).toBeGreaterThanOrEqual(failed.progress);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, redelivered: 3000 } });
    // Every event exactly once over both runs: the retry went on from the checkpoint.
    expect((await tasksProduced()) - before).toBe(3000);
  });
});
