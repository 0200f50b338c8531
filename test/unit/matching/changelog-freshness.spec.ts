import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ChangelogFreshness } from '../../../src/modules/matching/changelog-freshness.js';
import type { KafkaService } from '../../../src/platform/kafka/kafka.service.js';
import type { PipelineHealth } from '../../../src/platform/kafka/pipeline-health.js';
import { OAuthTokenError } from '../../../src/platform/kafka/oauth-token-source.js';
import type { TopicNames } from '../../../src/topology.js';

/** A Kafka whose admin connects (or fails to) as `connect` says, with an empty changelog. */
function kafkaWith(connect: () => Promise<void>) {
  const admin = {
    connect: jest.fn(connect),
    fetchTopicOffsets: async () => [{ partition: 0, offset: '0', high: '0', low: '0' }],
    disconnect: async () => undefined,
  };
  const kafka = { kafka: { admin: () => admin }, failureContext: {} } as unknown as KafkaService;
  return { kafka, admin };
}

describe("ChangelogFreshness while the changelog's end offsets cannot be read", () => {
  let warn: jest.SpiedFunction<Logger['warn']>;
  let log: jest.SpiedFunction<Logger['log']>;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('logs once per cause and on recovery, trying again after 1 s doubling up to 30 s, however often asked', async () => {
    let down: Error | undefined = new OAuthTokenError('token endpoint https://idp/token answered 500');
    const { kafka, admin } = kafkaWith(async () => {
      if (down) throw down;
    });
    const freshness = new ChangelogFreshness(kafka, {} as PipelineHealth, { subscriptions: 'subs' } as TopicNames);
    const lines = () => warn.mock.calls.map(([line]) => String(line));

    // Asked every 100 ms for two minutes, as waiting ingests and the matching lease ask.
    for (let t = 0; t < 120_000; t += 100) {
      await freshness.freshWithin(Date.now(), 50);
      await jest.advanceTimersByTimeAsync(100);
    }
    // Attempts at 0, 1, 3, 7, 15, 31, 61, 91 s: 8, not 1,200.
    expect(admin.connect).toHaveBeenCalledTimes(8);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(
      /^cannot read the changelog's end offsets: kafka_authentication_failed: token endpoint https:\/\/idp\/token answered 500\. To fix: /,
    );

    down = Object.assign(new Error('Connection error: self-signed certificate in certificate chain'), {
      code: 'SELF_SIGNED_CERT_IN_CHAIN',
    });
    await jest.advanceTimersByTimeAsync(30_000);
    await freshness.freshWithin(Date.now(), 50);
    expect(lines()).toHaveLength(2);
    expect(lines()[1]).toContain('kafka_tls_failed');

    down = undefined;
    await jest.advanceTimersByTimeAsync(30_000);
    expect(await freshness.freshWithin(Date.now(), 50)).toBe(true);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      "the changelog's end offsets are readable again (after 9 failed attempts)",
    ]);
    await freshness.onModuleDestroy();
  });

  it('tries again at once while the broker is only away (a restart), logging it once', async () => {
    let down: Error | undefined = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9092'), {
      code: 'ECONNREFUSED',
    });
    const { kafka, admin } = kafkaWith(async () => {
      if (down) throw down;
    });
    const freshness = new ChangelogFreshness(kafka, {} as PipelineHealth, { subscriptions: 'subs' } as TopicNames);
    for (let i = 0; i < 5; i++) expect(await freshness.freshWithin(Date.now(), 50)).toBe(false);
    expect(admin.connect).toHaveBeenCalledTimes(5);
    expect(warn).toHaveBeenCalledTimes(1);
    down = undefined;
    // Back at once: no backoff to wait out.
    expect(await freshness.freshWithin(Date.now(), 50)).toBe(true);
    await freshness.onModuleDestroy();
  });
});
