import { randomUUID } from 'node:crypto';
import { byId, expectData, expectErrorBody } from '../support/api-client.js';
import { PipelineHarness } from '../support/harness.js';
import { expectMonotonic, follow } from '../support/operation-polling.js';
import { operationsEnv, seedManyEvents } from '../support/operations-seed.js';

/**
 * Every transition of an operation through the API: PENDING → CANCELLED at once (DELETE and POST
 * forms), finished → 409 for cancel and retry, listing with filters and cursors, PENDING →
 * IN_PROGRESS → COMPLETED once a runner is there, FAILED with an error the tenant can act on, and
 * FAILED → retry → PENDING → COMPLETED resuming from the checkpoint.
 */
describe('operations: lifecycle through the API', () => {
  let h: PipelineHarness;
  let sub: string;
  const since = new Date(Date.now() - 10 * 60_000).toISOString();

  beforeAll(async () => {
    // The API alone: no runner of this deployment exists yet, so operations stay PENDING.
    h = await PipelineHarness.start({
      env: operationsEnv('api', { OPERATIONS_BATCH_SIZE: '50' }),
      subscriptions: [{ path: '/hook', events: ['order.*'] }],
      beforeApp: seedManyEvents(3000, 5),
    });
    [sub] = h.subscriptionIds;
  });
  afterAll(() => h?.close());

  /** A second instance of the same deployment (same topic prefix and groups) with the runner role. */
  const startRunner = () => h.startInstance({ ROLES: 'operations' });
  const recover = (extra: { dry_run?: boolean } = {}) =>
    h.api.POST('/webhooks/{id}/recoveries', { ...byId(sub), body: { since, status: 'all', dry_run: true, ...extra } });
  const operation = byId;
  const startedId = (answer: { data?: { id: string } }) => answer.data!.id;

  let pendingIds: string[] = [];

  it('starts PENDING and cancels a PENDING operation at once, by DELETE or by POST …/cancellation', async () => {
    // One after the other: started concurrently, their creation times (the list's order) and their
    // uuid v7 ids, taken before the insert, may disagree, and "newest first" has no one answer.
    const started = [await recover(), await recover(), await recover()];
    pendingIds = started.map(startedId);
    for (const r of started) expect(r.data?.status).toBe('PENDING');

    const viaDelete = expectData(await h.api.DELETE('/operations/{id}', operation(pendingIds[0])), 202);
    expect(viaDelete).toMatchObject({ id: pendingIds[0], status: 'CANCELLED', result_url: null });
    expect(viaDelete.finished_at).toEqual(expect.any(String));
    const viaPost = expectData(await h.api.POST('/operations/{id}/cancellation', operation(pendingIds[1])), 202);
    expect(viaPost.status).toBe('CANCELLED');
    expect(expectData(await h.api.GET('/operations/{id}', operation(pendingIds[1])), 200).status).toBe('CANCELLED');
  });

  it('answers 409 to cancelling a finished operation and to retrying anything but a FAILED one', async () => {
    const { api } = h;
    expectErrorBody(await api.DELETE('/operations/{id}', operation(pendingIds[0])), 409, 'CONFLICT');
    expectErrorBody(await api.POST('/operations/{id}/cancellation', operation(pendingIds[1])), 409, 'CONFLICT');
    expectErrorBody(await api.POST('/operations/{id}/retry', operation(pendingIds[0])), 409, 'CONFLICT');
    expectErrorBody(await api.POST('/operations/{id}/retry', operation(pendingIds[2])), 409, 'CONFLICT');
    expectErrorBody(await api.GET('/operations/{id}/result', operation(pendingIds[2])), 409, 'CONFLICT');
    expectErrorBody(await api.POST('/operations/{id}/retry', operation(randomUUID())), 404, 'NOT_FOUND');
    expectErrorBody(await api.DELETE('/operations/{id}', operation(randomUUID())), 404, 'NOT_FOUND');
  });

  it('lists the tenant’s operations newest first, filtered by status and kind, page by page', async () => {
    const { api } = h;
    const list = async (query: {
      status?: 'CANCELLED' | 'PENDING';
      kind?: 'recovery' | 'report';
      limit?: number;
      after?: string;
    }) => expectData(await api.GET('/operations', { params: { query } }), 200);
    const cancelled = await list({ status: 'CANCELLED', kind: 'recovery' });
    expect(cancelled.data.map((o) => o.id).sort()).toEqual(pendingIds.slice(0, 2).sort());
    expect((await list({ status: 'PENDING' })).data.map((o) => o.id)).toEqual([pendingIds[2]]);
    expect((await list({ kind: 'report' })).data).toEqual([]);

    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await list({ limit: 1, ...(after ? { after } : {}) });
      seen.push(...page.data.map((o) => o.id));
      if (!page.pagination.has_more) break;
      after = page.pagination.next_cursor!;
    }
    // Newest first: the reverse of the order they were started in (and uuid v7 ids descending).
    expect(seen).toEqual([...pendingIds].reverse());
    expect(seen).toEqual([...pendingIds].sort().reverse());
    // Not a status the document knows: sent raw.
    expectErrorBody(await api.raw.get('/v1/operations?status=DONE'), 422, 'VALIDATION_ERROR');
    expectErrorBody(await api.GET('/operations', { params: { query: { after: 'garbage' } } }), 422, 'VALIDATION_ERROR');
  });

  it('a runner of the deployment takes the PENDING operation to IN_PROGRESS and COMPLETED', async () => {
    await startRunner();
    const { final, samples } = await follow(h.api, pendingIds[2]);
    expectMonotonic(samples);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, dry_run: true } });
    expect(final.started_at).toEqual(expect.any(String));
    expectErrorBody(await h.api.DELETE('/operations/{id}', operation(pendingIds[2])), 409, 'CONFLICT');
    expectErrorBody(await h.api.POST('/operations/{id}/retry', operation(pendingIds[2])), 409, 'CONFLICT');
  });

  const tasksProduced = () => h.produced();
  const setEnabled = async (enabled: boolean) =>
    expectData(await h.api.POST(enabled ? '/webhooks/{id}/enable' : '/webhooks/{id}/disable', byId(sub)), 200);

  it('FAILED with a code and message when the subscription is disabled; COMPLETED on retry once enabled', async () => {
    const { api } = h;
    await setEnabled(false);
    const id = startedId(await recover({ dry_run: false }));
    const failed = (await follow(api, id)).final;
    expect(failed).toMatchObject({
      status: 'FAILED',
      result_url: null,
      error: { code: 'SUBSCRIPTION_DISABLED', message: expect.stringContaining('enable it') },
    });
    expectErrorBody(await api.DELETE('/operations/{id}', operation(id)), 409, 'CONFLICT');

    await setEnabled(true);
    const retried = await api.POST('/operations/{id}/retry', operation(id));
    expect(expectData(retried, 202)).toEqual({ id, status: 'PENDING' });
    expect(retried.response.headers.get('location')).toBe(`/v1/operations/${id}`);
    const { final, samples } = await follow(api, id);
    expectMonotonic(samples);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, redelivered: 3000 } });
    expect(final.error).toBeUndefined();
  });

  it('a retry resumes a recovery that failed mid-way from its checkpoint, not from zero', async () => {
    const { api } = h;
    const before = await tasksProduced();
    const id = startedId(await recover({ dry_run: false }));
    const early = await follow(
      api,
      id,
      (op) => op.progress >= 20 || (op.status !== 'IN_PROGRESS' && op.status !== 'PENDING'),
      30_000,
      5,
    );
    expect(early.final.status).toBe('IN_PROGRESS');
    await setEnabled(false);
    const failed = (await follow(api, id)).final;
    expect(failed).toMatchObject({ status: 'FAILED', error: { code: 'SUBSCRIPTION_DISABLED' } });
    expect(failed.progress).toBeGreaterThanOrEqual(20);
    expect(failed.progress).toBeLessThan(100);
    const producedBeforeRetry = (await tasksProduced()) - before;
    expect(producedBeforeRetry).toBeGreaterThan(0);
    expect(producedBeforeRetry).toBeLessThan(3000);

    await setEnabled(true);
    expectData(await api.POST('/operations/{id}/retry', operation(id)), 202);
    const { final, samples } = await follow(api, id);
    expectMonotonic(samples);
    expect(Math.min(...samples.map((s) => s.progress))).toBeGreaterThanOrEqual(failed.progress);
    expect(final).toMatchObject({ status: 'COMPLETED', progress: 100, result: { matched: 3000, redelivered: 3000 } });
    // Every event exactly once over both runs: the retry went on from the checkpoint.
    expect((await tasksProduced()) - before).toBe(3000);
  });
});
