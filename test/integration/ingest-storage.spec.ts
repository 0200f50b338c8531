import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source.js';
import { AttemptLog } from '../../src/modules/delivery/attempt-log/attempt-log.js';
import { AttemptWriter } from '../../src/modules/delivery/dispatch/attempt-writer.js';
import { SequenceAllocator } from '../../src/modules/events/sequence-allocator.js';
import { testConfig, uniqueId } from '../support/test-config.js';

/** The pipeline's Postgres writers on the real database: ordering metadata and batched attempt rows. */
describe('pipeline storage', () => {
  const config = testConfig();
  const db = new DataSource(dataSourceOptions(config));

  beforeAll(() => db.initialize());
  afterAll(() => db.destroy());

  it('numbers events per subscription without gaps or repeats under concurrency, chaining previous ids', async () => {
    const tenantId = uniqueId('tenant-');
    const [a, b] = [randomUUID(), randomUUID()];
    const allocator = new SequenceAllocator(db);
    const events = Array.from({ length: 300 }, (_, i) => ({ id: `evt_${i}`, subs: i % 3 === 0 ? [a] : [a, b] }));
    const results = await Promise.all(
      events.map((e) => allocator.next({ tenantId, eventId: e.id, subscriptionIds: e.subs })),
    );
    for (const sub of [a, b]) {
      const assigned = results
        .map((r, i) => ({ event: events[i].id, ...r.get(sub) }))
        .filter((x) => x.sequence !== undefined)
        .sort((x, y) => x.sequence! - y.sequence!);
      expect(assigned.map((x) => x.sequence)).toEqual(assigned.map((_, i) => i + 1));
      expect(assigned[0].previousEventId).toBeNull();
      assigned.slice(1).forEach((x, i) => expect(x.previousEventId).toBe(assigned[i].event));
    }
    const next = await allocator.next({ tenantId, eventId: 'evt_last', subscriptionIds: [b] });
    expect(next.get(b)).toEqual({ sequence: 201, previousEventId: expect.stringMatching(/^evt_/) });
  });

  it('writes attempt rows in batches and resolves each write once its row is committed', async () => {
    const tenantId = uniqueId('tenant-');
    const subscriptionId = randomUUID();
    const writer = new AttemptWriter(new AttemptLog(db), config);
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 1200 }, (_, i) =>
        writer.write({
          id: randomUUID(),
          createdAt: new Date(now + i),
          tenantId,
          subscriptionId,
          eventId: `evt_${i}`,
          eventType: 'order.created',
          attempt: 1,
          trigger: 'initial',
          outcome: i % 2 ? 'success' : 'http_error',
          statusCode: i % 2 ? 200 : 503,
          responseTimeMs: 12,
          responseBody: 'x'.repeat(5000),
          responseHeaders: { 'content-type': 'text/plain' },
          error: null,
          traceId: null,
          nextAttemptAt: null,
        }),
      ),
    );
    const [row] = await db.query(
      `SELECT count(*)::int AS n, max(length(response_body))::int AS body FROM delivery_attempts WHERE tenant_id = $1`,
      [tenantId],
    );
    expect(row).toEqual({ n: 1200, body: 4096 });
  });

  it('fails only the attempt row the database refuses; its batch-mates are written', async () => {
    const tenantId = uniqueId('tenant-');
    const writer = new AttemptWriter(new AttemptLog(db), config);
    const row = (i: number) => ({
      id: randomUUID(),
      createdAt: new Date(),
      tenantId,
      subscriptionId: randomUUID(),
      eventId: `evt_${i}`,
      eventType: 'order.created',
      attempt: 1,
      trigger: 'initial' as const,
      outcome: 'success' as const,
      // Row 7's response time does not fit an integer column: Postgres refuses that row.
      statusCode: 200,
      responseTimeMs: i === 7 ? 2 ** 40 : 5,
      responseBody: null,
      responseHeaders: null,
      error: null,
      traceId: null,
      nextAttemptAt: null,
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => writer.write(row(i))));
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    expect(outcomes[7].status).toBe('rejected');
    const [count] = await db.query(`SELECT count(*)::int AS n FROM delivery_attempts WHERE tenant_id = $1`, [tenantId]);
    expect(count.n).toBe(19);
  });
});
