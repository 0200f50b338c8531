/* eslint-disable @typescript-eslint/no-explicit-any -- operation bodies are asserted field by field */
import { expectData, type ApiClient, type TypedAnswer } from './api-client.js';

export interface Followed {
  final: any;
  /** Every (status, progress) seen while polling, in order. */
  samples: { status: string; progress: number }[];
}

/** Polls GET /v1/operations/{id} until its status is one of `until` (or `until` holds), recording what it saw. */
export async function follow(
  api: ApiClient,
  id: string,
  until: string[] | ((operation: any) => boolean) = ['COMPLETED', 'FAILED', 'CANCELLED'],
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<Followed> {
  const samples: Followed['samples'] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data: operation, error, response } = await api.GET('/operations/{id}', { params: { path: { id } } });
    if (!operation) throw new Error(`GET operation ${id}: ${response.status} ${JSON.stringify(error)}`);
    samples.push({ status: operation.status, progress: operation.progress });
    const done = typeof until === 'function' ? until(operation) : until.includes(operation.status);
    if (done) return { final: operation, samples };
    if (Date.now() > deadline)
      throw new Error(`operation ${id} still ${operation.status} (${operation.progress} %) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Progress never goes down. */
export function expectMonotonic(samples: Followed['samples']): void {
  const progress = samples.map((s) => s.progress);
  const sorted = [...progress].sort((a, b) => a - b);
  expect(progress).toEqual(sorted);
}

/** Asserts the answer to starting an operation (202, PENDING, Location of the operation) and returns its id. */
export function expectStarted(answer: TypedAnswer<{ id: string; status: string }>): string {
  const started = expectData(answer, 202);
  expect(started).toEqual({ id: expect.any(String), status: 'PENDING' });
  expect(answer.response.headers.get('location')).toBe(`/v1/operations/${started.id}`);
  return started.id;
}

/** Follows an operation to its end, progress never going down, and asserts it COMPLETED as `kind`. */
export async function expectCompleted(api: ApiClient, id: string, kind: string): Promise<any> {
  const { final, samples } = await follow(api, id);
  expectMonotonic(samples);
  expect(final).toMatchObject({ kind, status: 'COMPLETED', progress: 100 });
  return final;
}
