import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { RequestQueue } from '../../../src/platform/kafka/kafkajs-request-queue.js';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const newQueue = () =>
  new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    clientId: 'test',
    broker: 'b:9092',
    logger: silent,
  });

describe('the kafkajs request queue, as patched', () => {
  it('is the kafkajs release the patch was written against', () => {
    const manifest = createRequire(import.meta.url).resolve('kafkajs/package.json');
    expect(JSON.parse(readFileSync(manifest, 'utf8')).version).toBe('2.2.4');
  });

  it('arms no check when nothing waits: an idle connection does not wake the event loop every millisecond', () => {
    const queue = newQueue();
    // What kafkajs does after every answer to a request.
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('checks again at the end of a throttle while a request waits', async () => {
    const queue = newQueue();
    const checkedAt: number[] = [];
    queue.checkPendingRequests = () => void checkedAt.push(Date.now());
    queue.pending.push({});
    const start = Date.now();
    queue.throttledUntil = start + 60;
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    expect(checkedAt).toHaveLength(1);
    expect(checkedAt[0] - start).toBeGreaterThanOrEqual(55);
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });
});
