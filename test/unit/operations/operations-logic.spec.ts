import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { acceptsMediaType } from '../../../src/platform/http/media-type.js';
import { OperationEntity } from '../../../src/modules/operations/operation.entity.js';
import { toOperationView } from '../../../src/modules/operations/operation-view.js';
import {
  handlerRegistry,
  operationHandler,
  OperationHandlers,
  OperationHandlersModule,
  type OperationHandler,
} from '../../../src/modules/operations/runner/operation-handler.js';
import type { OperationLeasesRepository } from '../../../src/modules/operations/runner/operation-leases.repository.js';
import { OperationInterrupted, OperationRun } from '../../../src/modules/operations/runner/operation-run.js';
import { resolveWindow } from '../../../src/modules/operations/time-window.js';
import {
  csvHeader,
  csvLines,
  jsonClosing,
  jsonLines,
  jsonOpening,
} from '../../../src/modules/reports/report-format.js';
import type { ReportRow } from '../../../src/modules/reports/report-rows.repository.js';

const operation = (over: Partial<OperationEntity> = {}) =>
  Object.assign(new OperationEntity(), {
    id: '01a20000-0000-7000-8000-000000000001',
    tenantId: 't',
    namespace: 'n',
    kind: 'recovery',
    parameters: {},
    status: 'IN_PROGRESS',
    progress: 0,
    estimatedCompletion: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    startedAt: new Date('2026-01-01T00:00:01Z'),
    finishedAt: null,
    resultUrl: '/v1/operations/x/result',
    result: null,
    error: null,
    checkpoint: null,
    leaseOwner: 'me',
    leaseExpiresAt: null,
    cancelRequested: false,
    runs: 1,
    ...over,
  });

/** A leases repository that answers checkpoints with the given statuses, recording what it was sent. */
function leases(...statuses: (string | null)[]) {
  const sent: { progress: number; checkpoint: object }[] = [];
  const repo = {
    checkpoint: async (_lease: unknown, _ms: number, state: { progress: number; checkpoint: object }) => {
      sent.push(state);
      return statuses.length ? statuses.shift() : 'IN_PROGRESS';
    },
    renew: async () => 'IN_PROGRESS',
  } as unknown as OperationLeasesRepository;
  return { repo, sent };
}

describe('operation run checkpoints', () => {
  it('records progress as a whole percentage below 100 that never goes down', async () => {
    const { repo, sent } = leases();
    const run = new OperationRun(operation({ progress: 30 }), 'me', repo, 1000);
    await run.checkpoint({ a: 1 }, 0.1);
    await run.checkpoint({ a: 2 }, 0.456);
    await run.checkpoint({ a: 3 }, 1);
    expect(sent.map((s) => s.progress)).toEqual([30, 45, 99]);
    expect(run.operation.checkpoint).toEqual({ a: 3 });
  });

  it('stops at the checkpoint after a cancellation, a lost lease or a stop request', async () => {
    const cancelled = new OperationRun(operation(), 'me', leases('CANCELLING').repo, 1000);
    await expect(cancelled.checkpoint({}, 0.5)).rejects.toEqual(new OperationInterrupted('cancelled'));
    const lost = new OperationRun(operation(), 'me', leases(null).repo, 1000);
    await expect(lost.checkpoint({}, 0.5)).rejects.toMatchObject({ reason: 'lease_lost' });
    const stopping = new OperationRun(operation(), 'me', leases().repo, 1000);
    stopping.requestStop();
    await expect(stopping.checkpoint({}, 0.5)).rejects.toMatchObject({ reason: 'shutdown' });
  });
});

describe('handler registry', () => {
  const handler = (kind: string) => ({ kind, run: async () => ({ result: {}, resultUrl: '' }) }) as OperationHandler;

  it('maps each kind to its one handler', () => {
    const registry = handlerRegistry([handler('report'), handler('recovery')], ['report', 'recovery']);
    expect([...registry.keys()]).toEqual(['report', 'recovery']);
  });

  it('refuses a missing or doubled kind', () => {
    expect(() => handlerRegistry([handler('report')], ['report', 'redrive'])).toThrow(/no handler .*redrive/);
    expect(() => handlerRegistry([handler('report'), handler('report')], ['report'])).toThrow(/two handlers/);
  });

  it('gathers into one registry the handlers that separate modules register', async () => {
    @Injectable()
    class Reports {
      readonly kind = 'report' as const;
      run = async () => ({ result: {}, resultUrl: '' });
    }
    @Injectable()
    class Recoveries {
      readonly kind = 'recovery' as const;
      run = async () => ({ result: {}, resultUrl: '' });
    }
    @Module({ imports: [OperationHandlersModule], providers: operationHandler(Reports) })
    class ReportsWork {}
    @Module({ imports: [OperationHandlersModule], providers: operationHandler(Recoveries) })
    class Runner {}
    const module = await Test.createTestingModule({ imports: [Runner, ReportsWork] }).compile();
    const registry = module.get(OperationHandlers).byKind(['report', 'recovery']);
    expect(registry.get('report')).toBe(module.get(Reports));
    expect(registry.get('recovery')).toBe(module.get(Recoveries));
    await module.close();
  });
});

describe('request windows', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const rules = { retentionDays: 30 };

  it('defaults the end to now and never lets it pass now', () => {
    expect(resolveWindow('2026-06-01T10:00:00Z', undefined, rules, now)).toEqual({
      start: '2026-06-01T10:00:00.000Z',
      end: '2026-06-01T12:00:00.000Z',
    });
    expect(resolveWindow('2026-06-01T10:00:00+02:00', '2027-01-01T00:00:00Z', rules, now).end).toBe(now.toISOString());
    expect(resolveWindow(undefined, undefined, {}, now)).toEqual({ start: null, end: now.toISOString() });
  });

  it('starts a window reaching past retention at the oldest kept', () => {
    expect(resolveWindow('2001-01-01T00:00:00Z', undefined, rules, now).start).toBe('2026-05-02T12:00:00.000Z');
    expect(resolveWindow('2001-01-01T00:00:00Z', undefined, {}, now).start).toBe('2001-01-01T00:00:00.000Z');
  });

  it('makes a reversed window, or one wholly past retention, an empty one', () => {
    expect(resolveWindow('2026-05-20T00:00:00Z', '2026-05-10T00:00:00Z', rules, now)).toEqual({
      start: '2026-05-10T00:00:00.000Z',
      end: '2026-05-10T00:00:00.000Z',
    });
    expect(resolveWindow('2001-01-01T00:00:00Z', '2002-01-01T00:00:00Z', rules, now)).toEqual({
      start: '2002-01-01T00:00:00.000Z',
      end: '2002-01-01T00:00:00.000Z',
    });
  });
});

describe('report formats', () => {
  const row: ReportRow = {
    subscription_id: 's',
    event_type: 'odd,"type"',
    attempts: 2,
    succeeded: 1,
    failed: 1,
    success_ratio: 0.5,
    latency_p50_ms: 10,
    latency_p95_ms: 19,
    latency_p99_ms: 19.8,
    first_attempt_at: '2026-01-01T00:00:00.000Z',
    last_attempt_at: '2026-01-01T00:00:01.000Z',
  };

  it('writes RFC 4180 CSV', () => {
    expect(csvHeader()).toMatch(/^subscription_id,event_type,attempts,.*,last_attempt_at\r\n$/);
    expect(csvLines([row])).toBe(
      's,"odd,""type""",2,1,1,0.5,10,19,19.8,2026-01-01T00:00:00.000Z,2026-01-01T00:00:01.000Z\r\n',
    );
  });

  it('writes one JSON document across pages', () => {
    const header = { id: 'r', subscription_id: null, from: 'a', to: 'b', generated_at: 'c' };
    const text = jsonOpening(header) + jsonLines([row], true) + jsonLines([row, row], false) + jsonClosing();
    expect(JSON.parse(text)).toEqual({ ...header, data: [row, row, row] });
    expect(JSON.parse(jsonOpening(header) + jsonClosing())).toEqual({ ...header, data: [] });
  });
});

describe('operation view and negotiation', () => {
  it('shows error only when FAILED and result_url only when COMPLETED', () => {
    const failed = toOperationView(operation({ status: 'FAILED', error: { code: 'X', message: 'm' } }));
    expect(failed).toMatchObject({ error: { code: 'X', message: 'm' }, result_url: null });
    const retried = toOperationView(operation({ status: 'PENDING', error: { code: 'X', message: 'm' } }));
    expect(retried.error).toBeUndefined();
    expect(toOperationView(operation({ status: 'COMPLETED' })).result_url).toBe('/v1/operations/x/result');
  });

  it('accepts a media type exactly, by type wildcard or by full wildcard, never at q=0', () => {
    expect(acceptsMediaType(undefined, 'text/csv')).toBe(true);
    expect(acceptsMediaType('text/csv', 'text/csv')).toBe(true);
    expect(acceptsMediaType('text/*;q=0.5', 'text/csv')).toBe(true);
    expect(acceptsMediaType('*/*', 'text/csv')).toBe(true);
    expect(acceptsMediaType('application/json', 'text/csv')).toBe(false);
    expect(acceptsMediaType('text/csv;q=0', 'text/csv')).toBe(false);
  });
});
