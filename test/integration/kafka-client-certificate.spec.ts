import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generate } from 'selfsigned';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { classifyKafkaFailure } from '../../src/platform/kafka/kafka-failure.js';
import { PipelineHealth } from '../../src/platform/kafka/pipeline-health.js';
import { pipelineTopology } from '../../src/topology.js';
import { securedListeners } from '../support/secured-kafka.js';
import { testConfig } from '../support/test-config.js';

const dir = mkdtempSync(join(tmpdir(), 'hookline-mtls-'));
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

/**
 * The local broker's mTLS listener (9095, client certificates required) refusing Hookline's client
 * certificate: expired, or none sent. The brokers answer with a TLS alert (46 certificate unknown,
 * 42 bad certificate); Hookline must say that its certificate was refused, and both readiness
 * checks must name the same class.
 */
describe('the brokers refusing our client certificate (mTLS listener)', () => {
  const listeners = securedListeners();
  const started: KafkaService[] = [];
  let expired: { cert: string; key: string };

  beforeAll(async () => {
    // Signed by the CA the broker trusts, but expired: only its dates are wrong.
    const ca = {
      cert: readFileSync(listeners.caFile, 'utf8'),
      key: readFileSync(join(dirname(listeners.caFile), 'ca.key'), 'utf8'),
    };
    const pems = await generate([{ name: 'commonName', value: 'hookline' }], {
      notBeforeDate: new Date('2020-01-01'),
      notAfterDate: new Date('2020-02-01'),
      ca,
      extensions: [{ name: 'extKeyUsage', clientAuth: true }],
    });
    expired = { cert: write('expired.crt', pems.cert), key: write('expired.key', pems.private) };
  });
  afterAll(async () => {
    await Promise.all(started.map((k) => k.onModuleDestroy()));
  });

  const configWith = (files: { cert: string; key: string } | undefined): AppConfig =>
    testConfig({
      KAFKA_BROKERS: listeners.mtls,
      KAFKA_SECURITY_PROTOCOL: 'SSL',
      KAFKA_SSL_CA_FILE: listeners.caFile,
      ...(files ? { KAFKA_SSL_CERT_FILE: files.cert, KAFKA_SSL_KEY_FILE: files.key } : {}),
    });

  it.each([
    ['an expired certificate', () => expired, /SSL alert number 46/],
    ['no certificate', () => undefined, /SSL alert number 42/],
  ])(
    '%s: the hint says the brokers refused it',
    async (_, files, alert) => {
      const config = configWith(files());
      const admin = new KafkaService(config, pipelineTopology(config)).kafka.admin({ retry: { retries: 0 } });
      const error = await admin.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      await admin.disconnect();
      const failure = classifyKafkaFailure(error, { brokers: listeners.mtls });
      expect(failure.detail).toMatch(alert);
      expect(failure.code).toBe('kafka_tls_failed');
      expect(failure.fix).toContain(`${listeners.mtls} refused this instance's client certificate`);
    },
    30_000,
  );

  it('the kafka check names the same class as the pipeline check, not kafka_unreachable', async () => {
    const config = configWith(expired);
    const health = new PipelineHealth(config);
    const kafka = new KafkaService(config, pipelineTopology(config), health);
    started.push(kafka);
    await kafka.start({ surviveRefusal: true });
    const checked = Date.now();
    const cluster = await kafka.clusterVerdict();
    // At once: not after the service's connection retries, nor at the check's 5 s timeout as kafka_unreachable.
    expect(Date.now() - checked).toBeLessThan(2_000);
    expect(health.readiness()).toMatchObject({ ok: false, code: 'kafka_tls_failed' });
    expect(cluster).toMatchObject({ ok: false, code: 'kafka_tls_failed' });
  }, 60_000);

  it('the kafka check is up with a valid certificate', async () => {
    const config = configWith({ cert: listeners.clientCertFile, key: listeners.clientKeyFile });
    const kafka = new KafkaService(config, pipelineTopology(config));
    started.push(kafka);
    expect(await kafka.clusterVerdict()).toEqual({ ok: true });
  }, 30_000);
});
