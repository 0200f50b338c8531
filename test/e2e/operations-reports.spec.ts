import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { Command } from 'commander';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { registerOperationCommands } from '../../src/modules/operations/cli/operation-commands.js';
import { ApiClient, expectErrorBody } from '../support/api-client.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { OperationsSeed, type SeedAttempt } from '../support/operations-seed.js';
import { PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const MIN = 60_000;

/** percentile_cont: linear interpolation between the two closest ranks. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** What the report must say, computed here from the attempt log as seeded. */
function expectedRow(subscriptionId: string, eventType: string, attempts: SeedAttempt[]) {
  const latencies = attempts.map((a) => a.responseTimeMs!);
  const succeeded = attempts.filter((a) => a.outcome === 'success').length;
  const times = attempts.map((a) => a.at.getTime());
  return {
    subscription_id: subscriptionId,
    event_type: eventType,
    attempts: attempts.length,
    succeeded,
    failed: attempts.length - succeeded,
    success_ratio: succeeded / attempts.length,
    latency_p50_ms: percentile(latencies, 0.5),
    latency_p95_ms: percentile(latencies, 0.95),
    latency_p99_ms: percentile(latencies, 0.99),
    first_attempt_at: new Date(Math.min(...times)).toISOString(),
    last_attempt_at: new Date(Math.max(...times)).toISOString(),
  };
}

/**
 * Delivery reports: the numbers match the attempt log (attempts, success ratio, p50/p95/p99 per
 * subscription and event type, and per subscription), the result streams as JSON or CSV with its
 * own content negotiation, pages beyond one read, and the CLI front drives the same API.
 */
describe('operations: delivery reports', () => {
  const tenant = uniqueId('tenant-');
  const key = `hk_${randomBytes(16).toString('hex')}`;
  const config = testConfig({
    ROLES: 'api,operations',
    API_KEYS: `${tenant}:${key}`,
    OPERATIONS_POLL_MS: '100',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    OPERATIONS_BATCH_SIZE: '100',
  });
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let idle: INestApplication;
  let api: ApiClient;
  let subA: string;
  let subB: string;
  const now = Date.now();
  const from = new Date(now - 60 * MIN);
  const to = new Date(now - 5 * MIN);
  const inWindow: SeedAttempt[] = [];

  beforeAll(async () => {
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    subA = await fixtures.insertSubscription({ tenantId: tenant, url: 'https://127.0.0.1:9/a', events: ['*'] });
    subB = await fixtures.insertSubscription({ tenantId: tenant, url: 'https://127.0.0.1:9/b', events: ['*'] });
    const seed = new OperationsSeed(fixtures.db, tenant);
    const attempt = (s: string, type: string, minutesAgo: number, ms: number, ok: boolean): SeedAttempt => ({
      subscriptionId: s,
      eventId: `evt_${randomUUID()}`,
      eventType: type,
      at: new Date(now - minutesAgo * MIN + Math.floor(Math.random() * 1000)),
      outcome: ok ? 'success' : 'http_error',
      responseTimeMs: ms,
    });
    inWindow.push(
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((ms, i) =>
        attempt(subA, 'order.created', 50 - i, ms, i % 3 !== 0),
      ),
      ...[5, 15, 25, 1000].map((ms, i) => attempt(subA, 'payment.succeeded', 40 - i, ms, true)),
      ...[300, 30_000, 7].map((ms, i) => attempt(subB, 'order.created', 30 - i, ms, false)),
    );
    await seed.attempts(inWindow);
    // Outside the window, and another tenant's: none of these may count.
    await seed.attempts([attempt(subA, 'order.created', 90, 1, true), attempt(subA, 'order.created', 2, 1, false)]);
    await new OperationsSeed(fixtures.db, uniqueId('tenant-')).attempts([attempt(subA, 'order.created', 20, 1, true)]);

    app = await startApp(config);
    api = ApiClient.for(app, key);
    // The same tenant's API in another deployment (namespace): its operations never run here.
    idle = await startApp(testConfig({ ROLES: 'api', API_KEYS: `${tenant}:${key}` }));
  });

  afterAll(async () => {
    await idle?.close();
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
  });

  const report = async (body: object) => {
    const started = await api.raw.post('/v1/reports', body);
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/v1/operations/${started.body.id}`);
    const { final, samples } = await follow(api, started.body.id);
    expectMonotonic(samples);
    expect(final).toMatchObject({ kind: 'report', status: 'COMPLETED', progress: 100 });
    expect(final.result_url).toBe(`/v1/reports/${started.body.id}`);
    return final;
  };

  const expected = () => {
    const rows = [
      expectedRow(
        subA,
        '*',
        inWindow.filter((a) => a.subscriptionId === subA),
      ),
      expectedRow(
        subA,
        'order.created',
        inWindow.filter((a) => a.subscriptionId === subA && a.eventType === 'order.created'),
      ),
      expectedRow(
        subA,
        'payment.succeeded',
        inWindow.filter((a) => a.eventType === 'payment.succeeded'),
      ),
      expectedRow(
        subB,
        '*',
        inWindow.filter((a) => a.subscriptionId === subB),
      ),
      expectedRow(
        subB,
        'order.created',
        inWindow.filter((a) => a.subscriptionId === subB),
      ),
    ];
    return rows.sort((x, y) =>
      x.subscription_id < y.subscription_id ? -1 : x.subscription_id > y.subscription_id ? 1 : 0,
    );
  };
  const expectRowsMatch = (actual: Record<string, unknown>[], wanted: ReturnType<typeof expected>) => {
    expect(actual.map((r) => `${r.subscription_id} ${r.event_type}`)).toEqual(
      wanted.map((r) => `${r.subscription_id} ${r.event_type}`),
    );
    actual.forEach((row, i) => {
      const want = wanted[i];
      expect({ ...row, success_ratio: 0, latency_p50_ms: 0, latency_p95_ms: 0, latency_p99_ms: 0 }).toEqual({
        ...want,
        success_ratio: 0,
        latency_p50_ms: 0,
        latency_p95_ms: 0,
        latency_p99_ms: 0,
      });
      for (const k of ['success_ratio', 'latency_p50_ms', 'latency_p95_ms', 'latency_p99_ms'] as const)
        expect(Number(row[k])).toBeCloseTo(want[k], 6);
    });
  };

  it('a JSON report: attempts, success ratio and latency percentiles match the attempt log', async () => {
    const final = await report({ from: from.toISOString(), to: to.toISOString(), format: 'json' });
    expect(final.result).toEqual({ subscriptions: 2, rows: 5, format: 'json' });
    const res = await api.raw.get(final.result_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({
      id: final.id,
      from: from.toISOString(),
      to: to.toISOString(),
      subscription_id: null,
    });
    expectRowsMatch(res.body.data, expected());
  });

  it('a CSV report of one subscription, negotiated by Accept', async () => {
    const final = await report({
      from: from.toISOString(),
      to: to.toISOString(),
      format: 'csv',
      subscription_id: subB,
    });
    const csv = await api.raw.get(final.result_url, { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = csv.text.trim().split('\r\n');
    const columns = header.split(',');
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((v, i) => [columns[i], /^[\d.]+$/.test(v) ? Number(v) : v])),
    );
    expectRowsMatch(
      rows,
      expected().filter((r) => r.subscription_id === subB),
    );

    expect((await api.raw.get(final.result_url, { headers: { accept: 'text/*' } })).status).toBe(200);
    expectErrorBody(
      await api.raw.get(final.result_url, { headers: { accept: 'application/json' } }),
      406,
      'NOT_ACCEPTABLE',
    );
  });

  it('streams a report larger than one page (keyset paging), every row once and in order', async () => {
    const window = { from: new Date(now - 4 * MIN), to: new Date(now - 2 * MIN) };
    await fixtures.db.query(
      `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt, trigger,
         outcome, status_code, response_time_ms)
       SELECT gen_random_uuid(), $2::timestamptz + (n * interval '1 millisecond'), $1, s.id, 'evt_' || n, t.type, 1,
              'initial', CASE WHEN n % 4 = 0 THEN 'http_error' ELSE 'success' END, 200, n % 97
         FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 300)) s,
              unnest(ARRAY['a.created', 'b.created', 'c.created']) AS t(type),
              generate_series(1, 4) n`,
      [tenant, window.from.toISOString()],
    );
    const final = await report({ from: window.from.toISOString(), to: window.to.toISOString() });
    expect(final.result).toEqual({ subscriptions: 300, rows: 1200, format: 'json' });
    const res = await api.raw.get(final.result_url);
    const keys = res.body.data.map(
      (r: { subscription_id: string; event_type: string }) => `${r.subscription_id} ${r.event_type}`,
    );
    expect(keys).toHaveLength(1200);
    expect(new Set(keys).size).toBe(1200);
    expect(keys).toEqual([...keys].sort());
    expect(
      res.body.data
        .filter((r: { event_type: string }) => r.event_type === '*')
        .every((r: { attempts: number }) => r.attempts === 12),
    ).toBe(true);
  });

  it('answers 409 while a report is not ready, 404 for what is not a report, 422 for a bad request', async () => {
    const pending = await ApiClient.for(idle, key).raw.post('/v1/reports', {
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(pending.status).toBe(202);
    expectErrorBody(await api.raw.get(`/v1/reports/${pending.body.id}`), 409, 'CONFLICT');
    const recovery = await api.raw.post(`/v1/webhooks/${subA}/recoveries`, {
      since: from.toISOString(),
      dry_run: true,
    });
    expectErrorBody(await api.raw.get(`/v1/reports/${recovery.body.id}`), 404, 'NOT_FOUND');
    expectErrorBody(await api.raw.get(`/v1/reports/${randomUUID()}`), 404, 'NOT_FOUND');
    const bad = await api.raw.post('/v1/reports', { from: to.toISOString(), to: from.toISOString(), format: 'xml' });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['format']);
    const reversed = await api.raw.post('/v1/reports', { from: to.toISOString(), to: from.toISOString() });
    expect(reversed.body.error.details).toEqual([expect.objectContaining({ field: 'from', code: 'OUT_OF_RANGE' })]);
    expectErrorBody(
      await api.raw.post('/v1/reports', {
        from: from.toISOString(),
        to: to.toISOString(),
        subscription_id: randomUUID(),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('the CLI starts a report, follows it and prints the CSV; recover --dry-run prints the final operation', async () => {
    const run = async (...args: string[]) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      const chunks: Buffer[] = [];
      stdout.on('data', (c: Buffer) => chunks.push(c));
      stderr.resume();
      const program = new Command('hookline').exitOverride();
      registerOperationCommands(program, { stdout, stderr });
      await program.parseAsync([...args, '--url', api.origin, '--api-key', key, '--interval', '100'], {
        from: 'user',
      });
      return Buffer.concat(chunks).toString('utf8');
    };
    const csv = await run('report', '--from', from.toISOString(), '--to', to.toISOString(), '--subscription', subA);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'subscription_id,event_type,attempts,succeeded,failed,success_ratio,latency_p50_ms,latency_p95_ms,latency_p99_ms,first_attempt_at,last_attempt_at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      `${subA},*,14`,
      `${subA},order.created,10`,
      `${subA},payment.succeeded,4`,
    ]);

    const printed = JSON.parse(
      await run('recover', subA, '--since', from.toISOString(), '--status', 'all', '--dry-run'),
    );
    expect(printed).toMatchObject({ kind: 'recovery', status: 'COMPLETED', progress: 100, result: { dry_run: true } });
  });
});
