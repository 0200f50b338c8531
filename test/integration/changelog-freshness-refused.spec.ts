import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ChangelogFreshness } from '../../src/modules/matching/changelog-freshness.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { pipelineTopology, topicNamesOf } from '../../src/topology.js';
import { scramEnv, securedListeners } from '../support/secured-kafka.js';
import { testConfig } from '../support/test-config.js';

/**
 * The subscription table's freshness probes while the local broker's SASL_SSL listener refuses
 * Hookline's password: every waiting ingest and the matching lease ask for a probe, yet the end
 * offsets are tried again only after 1 s, 2 s… and the refusal is logged once, not per probe.
 */
describe("the changelog's end offsets while Kafka refuses the password (SASL_SSL listener)", () => {
  const listeners = securedListeners();

  it('tries again with a backoff and logs the refusal once', async () => {
    const config = testConfig({ ...scramEnv(listeners), KAFKA_SASL_PASSWORD: 'not-the-password-0123456789' });
    const kafka = new KafkaService(config, pipelineTopology(config));
    const admins = jest.spyOn(kafka.kafka, 'admin');
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const freshness = new ChangelogFreshness(kafka, new PipelineHealth(config), topicNamesOf(config));
    try {
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        await freshness.freshWithin(Date.now(), 100);
        await new Promise((r) => setTimeout(r, 100));
      }
      const lines = warn.mock.calls.map(([line]) => String(line)).filter((l) => l.includes("changelog's end offsets"));
      expect(lines).toEqual([
        expect.stringMatching(/^cannot read the changelog's end offsets: kafka_authentication_failed: .*To fix: /),
      ]);
      // At about 0, 1 and 3 s (each refusal takes a moment): not one per probe (some 40).
      expect(admins.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect(admins.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      warn.mockRestore();
      await freshness.onModuleDestroy();
      await kafka.onModuleDestroy();
    }
  }, 30_000);
});
