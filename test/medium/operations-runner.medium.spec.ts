import { randomUUID } from 'node:crypto';
import type { OperationKind } from '../../src/modules/operations/operation.entity.js';
import { OperationsRunnerModule } from '../../src/modules/operations/operations-runner.module.js';
import {
  handlerRegistry,
  OperationHandlers,
  type OperationHandler,
  type OperationOutcome,
} from '../../src/modules/operations/runner/operation-handler.js';
import { OperationFailure, type OperationRun } from '../../src/modules/operations/runner/operation-run.js';
import { OperationLeasesRepository } from '../../src/modules/operations/runner/operation-leases.repository.js';
import { OperationsRunner } from '../../src/modules/operations/runner/operations-runner.js';
import { MediumStack } from '../support/medium.js';
import { eventually } from '../support/pipeline-fixtures.js';

type Script = (run: OperationRun) => Promise<OperationOutcome>;

/**
 * Stands in for the registry of handlers: every kind runs the script the test set for the
 * operation, and notes the run.
 */
class ScriptedHandlers implements Pick<OperationHandlers, 'register' | 'byKind'> {
  readonly scripts = new Map<string, Script>();
  readonly runs: OperationRun[] = [];

  register(): void {
    // The module's own handlers (recovery, redrive) stay out: they have suites of their own.
  }

  byKind(kinds: readonly OperationKind[]): Map<OperationKind, OperationHandler> {
    const scripted = (kind: OperationKind): OperationHandler => ({
      kind,
      run: (run) => {
        this.runs.push(run);
        return this.scripts.get(run.operation.id)!(run);
      },
    });
    return handlerRegistry(kinds.map(scripted), kinds);
  }
}

const done: OperationOutcome = { result: { rows: 3 }, resultUrl: '/v1/results/medium' };

/**
 * The operations runner through OperationsRunnerModule on real Postgres rows: claiming under a
 * lease, running the kind's handler (scripted here: the handlers have suites of their own) and
 * settling the row. Each operation is its own row in the suite's namespace (its topic prefix).
 */
describe('OperationsRunner (medium)', () => {
  let stack: MediumStack;
  let runner: OperationsRunner;
  let leases: OperationLeasesRepository;
  const scripted = new ScriptedHandlers();

  beforeAll(async () => {
    stack = await MediumStack.start({ env: { OPERATIONS_POLL_MS: '100', OPERATIONS_LEASE_MS: '3000' } });
    const module = await stack.module(OperationsRunnerModule, [{ provide: OperationHandlers, useValue: scripted }]);
    runner = module.get(OperationsRunner);
    leases = module.get(OperationLeasesRepository);
  });
  afterAll(() => stack?.close());

  /** An operation row of the suite's namespace; `held`: leased by `owner` for that many seconds (negative: expired). */
  const operation = async (script: Script, held?: { owner: string; seconds: number; checkpoint?: object }) => {
    const id = randomUUID();
    scripted.scripts.set(id, script);
    const kind: OperationKind = 'report';
    await stack.fixtures.db.query(
      `INSERT INTO operations (id, tenant_id, namespace, kind, parameters, status, lease_owner, lease_expires_at,
         checkpoint, progress, started_at)
       VALUES ($1, $2, $3, $4, '{}', $5, $6, now() + make_interval(secs => $7), $8, $9, CASE WHEN $6::text IS NULL
         THEN NULL ELSE now() END)`,
      [
        id,
        stack.tenant,
        stack.prefix,
        kind,
        held ? 'IN_PROGRESS' : 'PENDING',
        held?.owner ?? null,
        held?.seconds ?? 0,
        held?.checkpoint ? JSON.stringify(held.checkpoint) : null,
        held?.checkpoint ? 70 : 0,
      ],
    );
    return id;
  };
  const row = async (id: string) =>
    (
      await stack.fixtures.db.query(
        `SELECT status, progress, checkpoint, result, result_url, error, lease_owner, runs,
                lease_expires_at > now() AS leased, started_at IS NOT NULL AS started, finished_at IS NOT NULL AS finished
           FROM operations WHERE id = $1`,
        [id],
      )
    ).rows[0];
  const settled = async (id: string) => {
    await eventually(async () => (await row(id)).finished, 10_000, `operation ${id} settled`);
    return row(id);
  };

  it('leases a pending operation, runs its handler, and records its progress and result', async () => {
    const checkpointed = Promise.withResolvers<void>();
    const finish = Promise.withResolvers<void>();
    const id = await operation(async (run) => {
      await run.checkpoint({ page: 1 }, 0.4);
      checkpointed.resolve();
      await finish.promise;
      return done;
    });

    await checkpointed.promise;
    expect(await row(id)).toMatchObject({
      status: 'IN_PROGRESS',
      lease_owner: runner.owner,
      leased: true,
      started: true,
      progress: 40,
      checkpoint: { page: 1 },
      runs: 1,
    });
    finish.resolve();
    expect(await settled(id)).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      result: done.result,
      result_url: done.resultUrl,
      lease_owner: null,
      error: null,
    });
  });

  it.each([
    [
      'its failure',
      new OperationFailure('NO_DATA', 'nothing to report'),
      { code: 'NO_DATA', message: 'nothing to report' },
    ],
    [
      'a stable code for a crash',
      new Error('secret internals'),
      { code: 'INTERNAL', message: expect.not.stringContaining('secret') },
    ],
  ])('marks an operation whose handler throws FAILED with %s', async (_, error, expected) => {
    const id = await operation(() => Promise.reject(error));

    expect(await settled(id)).toMatchObject({ status: 'FAILED', error: expected, lease_owner: null, result: null });
  });

  it('takes tenants in turn: the tenant with fewer operations running goes before an older queue', async () => {
    // A namespace no runner of the suite polls, so the claims below are the only ones.
    const namespace = `${stack.prefix}-turns`;
    const [busy, quiet] = [`busy-${randomUUID()}`, `quiet-${randomUUID()}`];
    const insert = async (tenant: string, running: boolean) => {
      const id = randomUUID();
      await stack.fixtures.db.query(
        `INSERT INTO operations (id, tenant_id, namespace, kind, parameters, status, lease_owner, lease_expires_at)
         VALUES ($1, $2, $3, 'report', '{}', $4, $5, CASE WHEN $4 = 'PENDING' THEN NULL ELSE now() + interval '1 minute' END)`,
        [id, tenant, namespace, running ? 'IN_PROGRESS' : 'PENDING', running ? 'elsewhere' : null],
      );
      return id;
    };
    await insert(busy, true);
    const queued = [await insert(busy, false), await insert(busy, false)];
    const other = await insert(quiet, false);

    const claimed = [];
    for (let i = 0; i < 3; i++) claimed.push((await leases.claim(namespace, 'medium', 60_000))?.id);
    // The quiet tenant first (none running), then the busy one's queue, oldest first.
    expect(claimed).toEqual([other, ...queued]);
  });

  it('leaves an operation alone while another live runner holds its lease', async () => {
    const held = await operation(() => Promise.resolve(done), { owner: 'another-runner', seconds: 60 });
    // Claimed after the held one would be (newer): once it is done, the runner has passed the held one by.
    const later = await operation(() => Promise.resolve(done));

    expect((await settled(later)).status).toBe('COMPLETED');

    expect(await row(held)).toMatchObject({ status: 'IN_PROGRESS', lease_owner: 'another-runner', runs: 0 });
    expect(scripted.runs.map((r) => r.operation.id)).not.toContain(held);
  });

  it('takes over an operation whose lease expired and resumes it from its checkpoint', async () => {
    let resumedFrom: object | null = null;
    const id = await operation(
      (run) => {
        resumedFrom = run.resumeFrom;
        return Promise.resolve(done);
      },
      { owner: 'crashed-runner', seconds: -1, checkpoint: { page: 7 } },
    );

    expect(await settled(id)).toMatchObject({ status: 'COMPLETED', runs: 1, lease_owner: null });
    expect(resumedFrom).toEqual({ page: 7 });
  });
});
