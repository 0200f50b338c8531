import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import type { CircuitSnapshot } from '../../src/modules/failures/circuit-breaker.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { sleep } from '../support/failure-scenarios.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

const OPEN_MS = 5000;

/**
 * The circuit breaker against a receiver that counts requests: after 3 failures in a row the
 * circuit opens and no request is made until the half-open probe OPEN_MS later; a failed probe
 * opens it again for OPEN_MS; a successful one closes it and every waiting task is delivered.
 * Ten 1-10 s tiers, so that tasks skipping through them outlive two open periods.
 */
describe('failure handling: circuit breaker', () => {
  const tenant = uniqueId('tenant-');
  const apiKey = `hk_${randomBytes(16).toString('hex')}`;
  const receiver = new HttpsReceiver();
  let config: ReturnType<typeof testConfig>;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let baseUrl: string;
  let sub: string;

  beforeAll(async () => {
    await receiver.start();
    // The first 4 requests fail: 3 open the circuit, the 4th is the first probe.
    receiver.responder = () => ({ status: receiver.deliveries().length <= 4 ? 500 : 200 });
    config = testConfig({
      ROLES: 'api,ingest,delivery,retry,operations',
      EGRESS_CA_FILE: receiver.caFile,
      API_KEYS: `${tenant}:${apiKey}`,
      RETRY_SCHEDULE: '1s,2s,3s,4s,5s,6s,7s,8s,9s,10s',
      CIRCUIT_CONSECUTIVE_FAILURES: '3',
      CIRCUIT_FAILURE_RATIO_PERCENT: '0',
      CIRCUIT_OPEN_DURATION: `${OPEN_MS}ms`,
    });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    sub = await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/hook'), events: ['test.*'] });
    app = await startApp(config);
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const publish = (events: object[]) =>
    kafka.send(
      config.ingestTopics[0],
      events.map((e) => ({ key: null, value: JSON.stringify(e), headers: { 'tenant-id': tenant } })),
    );
  const circuit = async (id = sub) => {
    const res = await fetch(`${baseUrl}/v1/webhooks/${id}/circuit`, { headers: { authorization: `Bearer ${apiKey}` } });
    return { status: res.status, body: (await res.json()) as CircuitSnapshot & { subscription_id: string } };
  };

  it('makes no attempt while open, probes after the open duration, and closes on a successful probe', async () => {
    const first = [1, 2, 3].map((n) => envelope('test.circuit', { n }));
    await publish(first);
    await eventually(() => receiver.deliveries().length === 3, 15_000, '3 failed attempts');
    await eventually(async () => (await circuit()).body.state === 'open', 5000, 'circuit open');
    const opened = await circuit();
    expect(opened.body).toMatchObject({ subscription_id: sub, state: 'open', reason: '3 consecutive failures' });
    const openedAt = Date.parse(opened.body.opened_at!);

    // More work while open: it moves through the tiers without a single request.
    const later = [4, 5, 6, 7, 8].map((n) => envelope('test.circuit', { n }));
    await publish(later);
    await eventually(() => receiver.deliveries().length >= 4, 20_000, 'the first half-open probe');
    const [probe1] = receiver.deliveries().slice(3);
    expect(probe1.receivedAt).toBeGreaterThanOrEqual(openedAt + OPEN_MS - 50);
    expect(
      receiver
        .deliveries()
        .slice(0, 3)
        .every((r) => r.receivedAt < openedAt + 50),
    ).toBe(true);

    // The probe failed (500): open again, no request for another OPEN_MS.
    await eventually(() => receiver.deliveries().length >= 5, 25_000, 'the second probe');
    const [, probe2] = receiver.deliveries().slice(3);
    expect(probe2.receivedAt - probe1.receivedAt).toBeGreaterThanOrEqual(OPEN_MS - 50);

    // It succeeded: closed, and every event reaches the receiver.
    const all = [...first, ...later].map((e) => e.id);
    const delivered = () =>
      new Set(
        receiver
          .deliveries()
          .slice(4)
          .map((r) => r.headers['webhook-id']),
      );
    await eventually(() => all.every((id) => delivered().has(id)), 40_000, 'all 8 events delivered');
    await sleep(1500);
    expect(receiver.deliveries()).toHaveLength(4 + 8);
    expect((await circuit()).body).toMatchObject({ state: 'closed', consecutive_failures: 0, opened_at: null });
  });

  it('is tenant-scoped and answers 404 for an unknown subscription', async () => {
    expect((await circuit('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const other = await fixtures.insertSubscription({
      tenantId: uniqueId('other-'),
      url: receiver.url(),
      events: ['x.y'],
    });
    expect((await circuit(other)).status).toBe(404);
  });
});
