import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { Command } from 'commander';
import { startApp } from '../../src/bootstrap.js';
import { registerOperationCommands } from '../../src/modules/operations/cli/operation-commands.js';
import { ApiClient, byId, expectBody, expectData, expectErrorBody } from '../support/api-client.js';
import { DocumentedAnswers } from '../support/documented-answer.js';
import { PipelineHarness } from '../support/harness.js';
import { expectCompleted, expectStarted } from '../support/operation-polling.js';
import { OperationsSeed, type SeedAttempt, operationsEnv } from '../support/operations-seed.js';
import { testConfig, uniqueId } from '../support/test-config.js';

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
  let h: PipelineHarness;
  let api: ApiClient;
  let idle: INestApplication;
  let subA: string;
  let subB: string;
  let key: string;
  const now = Date.now();
  const from = new Date(now - 60 * MIN);
  const to = new Date(now - 5 * MIN);
  const inWindow: SeedAttempt[] = [];

  /** Attempts in the window, outside it, and another tenant's: only the first count. */
  const seedAttempts = async (h: PipelineHarness) => {
    [subA, subB] = h.subscriptionIds;
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
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
    await seed.attempts([attempt(subA, 'order.created', 90, 1, true), attempt(subA, 'order.created', 2, 1, false)]);
    await new OperationsSeed(h.fixtures.db, uniqueId('tenant-')).attempts([
      attempt(subA, 'order.created', 20, 1, true),
    ]);
  };

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: operationsEnv('api,operations', { OPERATIONS_BATCH_SIZE: '100' }),
      subscriptions: [
        { url: 'https://127.0.0.1:9/a', events: ['*'] },
        { url: 'https://127.0.0.1:9/b', events: ['*'] },
      ],
      beforeApp: seedAttempts,
    });
    ({ api, key } = h);
    // The same tenant's API in another deployment (namespace): its operations never run here.
    idle = await startApp(testConfig({ ROLES: 'api', API_KEYS: `${h.tenant}:${key}` }));
    h.onClose(() => idle.close());
  });
  afterAll(() => h?.close());

  const report = async (body: { from: string; to: string; format?: 'json' | 'csv'; subscription_id?: string }) => {
    const id = expectStarted(await api.POST('/reports', { body }));
    const final = await expectCompleted(api, id, 'report');
    expect(final.result_url).toBe(`/v1/reports/${id}`);
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

  /** The result of a report, as JSON or, with parseAs text, in the format Accept asks for. */
  const result = (id: string, accept?: string) =>
    api.GET('/reports/{id}', {
      ...byId(id),
      ...(accept ? { headers: { accept }, parseAs: 'text' as const } : {}),
    });

  it('a JSON report: attempts, success ratio and latency percentiles match the attempt log', async () => {
    const final = await report({ from: from.toISOString(), to: to.toISOString(), format: 'json' });
    expect(final.result).toEqual({ subscriptions: 2, rows: 5, format: 'json' });
    const res = await result(final.id);
    const body = expectBody(res, 200);
    expect(res.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({
      id: final.id,
      from: from.toISOString(),
      to: to.toISOString(),
      subscription_id: null,
    });
    expectRowsMatch(body.data, expected());
    expect((await DocumentedAnswers.of(api)).problems('GET', '/reports/{id}', 200, body)).toEqual([]);
  });

  it('a CSV report of one subscription, negotiated by Accept', async () => {
    const final = await report({
      from: from.toISOString(),
      to: to.toISOString(),
      format: 'csv',
      subscription_id: subB,
    });
    const csv = await result(final.id, 'text/csv');
    const text = expectBody(csv, 200) as string;
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = text.trim().split('\r\n');
    const columns = header.split(',');
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((v, i) => [columns[i], /^[\d.]+$/.test(v) ? Number(v) : v])),
    );
    expectRowsMatch(
      rows,
      expected().filter((r) => r.subscription_id === subB),
    );

    expectBody(await result(final.id, 'text/*'), 200);
    // A media type the CSV result is not: sent raw, as the negative case it is.
    expectErrorBody(
      await api.raw.get(final.result_url, { headers: { accept: 'application/json' } }),
      406,
      'NOT_ACCEPTABLE',
    );
  });

  it('streams a report larger than one page (keyset paging), every row once and in order', async () => {
    const window = { from: new Date(now - 4 * MIN), to: new Date(now - 2 * MIN) };
    await h.fixtures.db.query(
      `INSERT INTO delivery_attempts (id, created_at, tenant_id, subscription_id, event_id, event_type, attempt, trigger,
         outcome, status_code, response_time_ms)
       SELECT gen_random_uuid(), $2::timestamptz + (n * interval '1 millisecond'), $1, s.id, 'evt_' || n, t.type, 1,
              'initial', CASE WHEN n % 4 = 0 THEN 'http_error' ELSE 'success' END, 200, n % 97
         FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 300)) s,
              unnest(ARRAY['a.created', 'b.created', 'c.created']) AS t(type),
              generate_series(1, 4) n`,
      [h.tenant, window.from.toISOString()],
    );
    const final = await report({ from: window.from.toISOString(), to: window.to.toISOString() });
    expect(final.result).toEqual({ subscriptions: 300, rows: 1200, format: 'json' });
    const data = expectBody(await result(final.id), 200).data as {
      subscription_id: string;
      event_type: string;
      attempts: number;
    }[];
    const keys = data.map((r) => `${r.subscription_id} ${r.event_type}`);
    expect(keys).toHaveLength(1200);
    expect(new Set(keys).size).toBe(1200);
    expect(keys).toEqual([...keys].sort());
    expect(data.filter((r) => r.event_type === '*').every((r) => r.attempts === 12)).toBe(true);
  });

  it('answers 409 while a report is not ready, 404 for what is not a report, 422 for a bad format', async () => {
    const window = { from: from.toISOString(), to: to.toISOString() };
    const pending = expectData(await ApiClient.for(idle, key).POST('/reports', { body: window }), 202);
    expectErrorBody(await result(pending.id), 409, 'CONFLICT');
    const recovery = await api.POST('/webhooks/{id}/recoveries', {
      ...byId(subA),
      body: { since: from.toISOString(), dry_run: true },
    });
    expectErrorBody(await result(expectData(recovery, 202).id), 404, 'NOT_FOUND');
    expectErrorBody(await result(randomUUID()), 404, 'NOT_FOUND');
    // A format the document does not offer: sent raw.
    const bad = await api.raw.post('/v1/reports', { from: to.toISOString(), to: from.toISOString(), format: 'xml' });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['format']);
    // A reversed window is an empty one (every date-time the document allows is accepted).
    const reversed = await report({ from: to.toISOString(), to: from.toISOString() });
    expect(reversed.parameters).toMatchObject({ from: from.toISOString(), to: from.toISOString() });
    expect(reversed.result).toEqual({ subscriptions: expect.any(Number), rows: 0, format: 'json' });
    expectErrorBody(
      await api.POST('/reports', { body: { ...window, subscription_id: randomUUID() } }),
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
