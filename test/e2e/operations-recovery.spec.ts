import { randomUUID } from 'node:crypto';
import { byId, errorOf, expectBody, expectData, expectErrorBody } from '../support/api-client.js';
import { DocumentedAnswers } from '../support/documented-answer.js';
import { PipelineHarness } from '../support/harness.js';
import { expectCompleted, expectStarted, follow } from '../support/operation-polling.js';
import { OperationsSeed, type SeedAttempt, type SeedEvent, operationsEnv } from '../support/operations-seed.js';

const MIN = 60_000;

/**
 * Recovery re-delivers exactly the subscription's events of the window whose latest attempt
 * failed, with their original ids and payloads, through the real pipeline to a real HTTPS
 * receiver; a dry run only counts; the request is idempotent and validated.
 */
describe('operations: recovery of failed deliveries', () => {
  let h: PipelineHarness;
  let sub: string;
  let otherKey: string;
  const now = Date.now();
  const since = new Date(now - 30 * MIN);
  const until = new Date(now - MIN);
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN);
  const ev = (label: string) => `evt_${label}_${randomUUID()}`;
  const ids = {
    failed: [ev('failed1'), ev('failed2'), ev('failed3')],
    retriedToSuccess: ev('retried'),
    succeeded: ev('succeeded'),
    neverAttempted: ev('never'),
    beforeWindow: ev('before'),
    otherSubscription: ev('othersub'),
    otherTenant: ev('othertenant'),
  };

  /** The history recovery reads: events and attempts of two subscriptions and of another tenant. */
  const seedHistory = async (h: PipelineHarness) => {
    const [sub, otherSub, foreignSub] = h.subscriptionIds;
    const seed = new OperationsSeed(h.fixtures.db, h.tenant);
    const event = (id: string, minutesAgo: number, subs = [sub]): SeedEvent => ({
      id,
      type: 'order.created',
      receivedAt: at(minutesAgo),
      subscriptionIds: subs,
      data: { original: id },
    });
    const attempt = (eventId: string, minutesAgo: number, outcome: SeedAttempt['outcome'], n = 1, s = sub) => ({
      subscriptionId: s,
      eventId,
      eventType: 'order.created',
      at: new Date(at(minutesAgo).getTime() + 1000 * n),
      outcome,
      attempt: n,
    });
    await seed.events([
      event(ids.failed[0], 20),
      event(ids.failed[1], 15, [otherSub, sub]),
      event(ids.failed[2], 10),
      // The same event stored twice (its ingest record was redelivered): recovered once.
      event(ids.failed[2], 9),
      event(ids.retriedToSuccess, 12),
      event(ids.succeeded, 11),
      event(ids.neverAttempted, 8),
      event(ids.beforeWindow, 40),
      event(ids.otherSubscription, 14, [otherSub]),
    ]);
    await seed.attempts([
      attempt(ids.failed[0], 20, 'http_error'),
      attempt(ids.failed[1], 15, 'success', 1, otherSub),
      attempt(ids.failed[1], 15, 'timeout'),
      attempt(ids.failed[2], 10, 'success'),
      attempt(ids.failed[2], 10, 'connect_error', 2),
      attempt(ids.retriedToSuccess, 12, 'http_error'),
      attempt(ids.retriedToSuccess, 12, 'success', 2),
      attempt(ids.succeeded, 11, 'success'),
      attempt(ids.beforeWindow, 40, 'http_error'),
      attempt(ids.otherSubscription, 14, 'http_error', 1, otherSub),
    ]);
    const foreign = new OperationsSeed(h.fixtures.db, h.tenants[1]);
    await foreign.events([{ ...event(ids.otherTenant, 10, [foreignSub]) }]);
    await foreign.attempts([{ ...attempt(ids.otherTenant, 10, 'http_error', 1, foreignSub) }]);
  };

  beforeAll(async () => {
    h = await PipelineHarness.start({
      tenants: 2,
      env: operationsEnv('api,delivery,operations'),
      subscriptions: [
        { path: '/hook', events: ['order.*'] },
        { path: '/other', events: ['*'] },
        { path: '/foreign', events: ['*'], tenant: 1 },
      ],
      beforeApp: seedHistory,
    });
    [sub] = h.subscriptionIds;
    otherKey = h.keys[1];
  });
  afterAll(() => h?.close());

  const body = { since: since.toISOString(), until: until.toISOString(), status: 'failed' as const };
  const recover = (request: object, api = h.api) =>
    api.POST('/webhooks/{id}/recoveries', { ...byId(sub), body: { ...body, ...request } });

  it('re-delivers exactly the failed events of the window, with their original ids, and reaches 100 %', async () => {
    const { api, receiver } = h;
    const id = expectStarted(await recover({}));
    const final = await expectCompleted(api, id, 'recovery');
    expect(final).toMatchObject({
      id,
      estimated_completion: null,
      result_url: `/v1/operations/${id}/result`,
      parameters: { subscription_id: sub, ...body, dry_run: false },
      result: { matched: 3, redelivered: 3, dry_run: false },
    });
    expect(final.error).toBeUndefined();
    expect(Date.parse(final.finished_at)).toBeGreaterThanOrEqual(Date.parse(final.started_at));
    const result = expectData(await api.GET('/operations/{id}/result', byId(id)), 200);
    expect(result).toEqual({ operation_id: final.id, kind: 'recovery', matched: 3, redelivered: 3, dry_run: false });
    const documented = await DocumentedAnswers.of(api);
    expect(documented.problems('GET', '/operations/{id}/result', 200, result)).toEqual([]);
    expect(documented.problems('GET', '/operations/{id}', 200, final)).toEqual([]);

    await receiver.waitFor((all) => all.filter((r) => r.path === '/hook').length >= 3);
    await new Promise((r) => setTimeout(r, 1500)); // nothing else arrives
    const delivered = receiver.deliveries('/hook').map((r) => JSON.parse(r.body));
    expect(delivered.map((e) => e.id).sort()).toEqual([...ids.failed].sort());
    for (const event of delivered) {
      expect(event).toMatchObject({ type: 'order.created', data: { original: event.id } });
      expect(receiver.deliveries('/hook').find((r) => r.headers['webhook-id'] === event.id)).toBeDefined();
    }
    expect(receiver.deliveries('/other')).toHaveLength(0);
    expect(receiver.deliveries('/foreign')).toHaveLength(0);

    // The delivery log tells the recovered attempts apart: trigger manual, attempt 1.
    const log = await api.GET('/webhooks/{id}/deliveries', {
      params: { path: { id: sub }, query: { event_id: ids.failed[0] } },
    });
    expect(expectBody(log, 200).data[0]).toMatchObject({
      event_id: ids.failed[0],
      trigger: 'manual',
      attempt: 1,
      outcome: 'success',
    });
  });

  it('a dry run counts every event of the window (status all) and delivers nothing', async () => {
    const before = h.receiver.requests.length;
    const started = expectData(await recover({ status: 'all', dry_run: true }), 202);
    const { final } = await follow(h.api, started.id);
    // failed ×3 (one stored twice), retried, succeeded, never attempted; not before the window nor other subscriptions.
    expect(final).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      result: { matched: 6, redelivered: 0, dry_run: true },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(h.receiver.requests.length).toBe(before);
  });

  it('a repeated Idempotency-Key returns the same operation without starting another', async () => {
    const { api } = h;
    const request = () =>
      api.POST('/webhooks/{id}/recoveries', {
        params: { path: { id: sub }, header: { 'Idempotency-Key': idempotencyKey } },
        body: { ...body, dry_run: true },
      });
    const idempotencyKey = randomUUID();
    const first = await request();
    const second = await request();
    expect(expectData(second, 202)).toEqual(expectData(first, 202));
    expect(second.response.headers.get('location')).toBe(`/v1/operations/${first.data!.id}`);
    expect(second.response.headers.get('idempotent-replayed')).toBe('true');
    const listed = expectData(
      await api.GET('/operations', { params: { query: { kind: 'recovery', limit: 100 } } }),
      200,
    );
    expect(
      listed.data.filter(
        (o) =>
          (o.parameters as { dry_run?: boolean }).dry_run && (o.parameters as { status?: string }).status === 'failed',
      ),
    ).toHaveLength(1);
  });

  it('validates the request: unknown or foreign subscription; a reversed or ancient window is what is stored', async () => {
    const { api } = h;
    const reversed = expectData(
      await recover({ since: until.toISOString(), until: since.toISOString(), dry_run: true }),
      202,
    );
    const { final: empty } = await follow(api, reversed.id);
    expect(empty.parameters).toMatchObject({ since: since.toISOString(), until: since.toISOString() });
    expect(empty.result).toEqual({ matched: 0, redelivered: 0, dry_run: true });

    const ancient = expectData(
      await api.POST('/webhooks/{id}/recoveries', {
        ...byId(sub),
        body: { since: '2001-01-01T00:00:00Z', dry_run: true },
      }),
      202,
    );
    const { final: kept } = await follow(api, ancient.id);
    const start = Date.parse((kept.parameters as { since: string }).since);
    expect(start).toBeGreaterThan(Date.now() - 31 * 86_400_000); // the oldest kept: retention is 30 days here

    // Not a timestamp, a day not on the calendar, not a status, an unknown field: outside the document, sent raw.
    const bad = await api.raw.post(`/v1/webhooks/${sub}/recoveries`, {
      since: 'yesterday',
      until: '2026-02-30T00:00:00Z',
      status: 'some',
      extra: 1,
    });
    expectErrorBody(bad, 422, 'VALIDATION_ERROR');
    const fields = bad.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['extra', 'since', 'status', 'until']);
    const dateDetails = bad.body.error.details.filter((d: { field: string }) => ['since', 'until'].includes(d.field));
    expect(dateDetails.map((d: { code: string; message: string }) => [d.code, d.message.replace(/^\w+/, '')])).toEqual([
      ['INVALID', ' must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z'],
      ['INVALID', ' must be an RFC 3339 date-time such as 2026-01-31T12:00:00Z'],
    ]);

    expectErrorBody(await api.POST('/webhooks/{id}/recoveries', { ...byId(randomUUID()), body }), 404, 'NOT_FOUND');
    // An ordered subscription's events are in its keys: a recovery would send them out of order.
    const ordered = await h.fixtures.insertSubscription({
      tenantId: h.tenant,
      url: 'https://127.0.0.1:9/ordered',
      events: ['*'],
      ordering: { key: 'event.data.account', on_exhausted: 'skip' },
    });
    const refused = await api.POST('/webhooks/{id}/recoveries', { ...byId(ordered), body });
    expectErrorBody(refused, 409, 'CONFLICT');
    expect(errorOf(refused).message).toMatch(/delivers in order/);
    expectErrorBody(await recover({}, api.as(otherKey)), 404, 'NOT_FOUND');
    expectErrorBody(await api.as(null).raw.post(`/v1/webhooks/${sub}/recoveries`, body), 401, 'UNAUTHENTICATED');
  });

  it("keeps tenants apart: another tenant's operation is not found", async () => {
    const { api } = h;
    const other = api.as(otherKey);
    const mine = expectData(await api.GET('/operations', { params: { query: { limit: 1 } } }), 200);
    const id = mine.data[0].id;
    expectErrorBody(await other.GET('/operations/{id}', byId(id)), 404, 'NOT_FOUND');
    expectErrorBody(await other.POST('/operations/{id}/cancellation', byId(id)), 404, 'NOT_FOUND');
    expect(expectData(await other.GET('/operations'), 200).data).toEqual([]);
    expectErrorBody(await api.GET('/operations/{id}', byId('not-a-uuid')), 404, 'NOT_FOUND');
  });
});
