import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import { KafkaService } from '../../src/platform/kafka/kafka.service.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { dashboardQueries, exposedFamilies, hooklineFamilies, ruleQueries } from '../support/observability-pack.js';
import { envelope, eventually, PipelineFixtures } from '../support/pipeline-fixtures.js';
import { testConfig, uniqueId } from '../support/test-config.js';
import { pipelineTopology } from '../../src/topology.js';

/**
 * Every hookline_* metric the shipped Grafana dashboard and Prometheus alert rules query exists on
 * /metrics of a real instance (all roles, real Kafka, Postgres and registry), so no panel stays
 * empty and no alert is silently unable to fire.
 */
describe('telemetry: the dashboard and alert rules query only what /metrics exposes', () => {
  const tenant = uniqueId('tenant-');
  const receiver = new HttpsReceiver();
  let config: ReturnType<typeof testConfig>;
  let kafka: KafkaService;
  let fixtures: PipelineFixtures;
  let app: INestApplication;
  let scrape: () => Promise<string>;
  let exposed: Set<string>;

  beforeAll(async () => {
    await receiver.start();
    receiver.responder = () => ({ status: 410 });
    config = testConfig({ ROLES: 'all', EGRESS_CA_FILE: receiver.caFile });
    kafka = new KafkaService(config, pipelineTopology(config));
    await kafka.start();
    fixtures = new PipelineFixtures(kafka);
    await fixtures.insertSubscription({ tenantId: tenant, url: receiver.url('/gone'), events: ['gone.*'] });
    app = await startApp(config);
    const { port } = app.getHttpServer().address() as AddressInfo;
    scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      return res.text();
    };
    exposed = exposedFamilies(await scrape());
  });

  afterAll(async () => {
    await app?.close();
    await kafka?.onModuleDestroy();
    await fixtures?.close();
    await receiver.stop();
  });

  const used = [...ruleQueries(), ...dashboardQueries()].flatMap((q) =>
    hooklineFamilies(q.expr).map((family) => ({ family, where: q.where })),
  );

  it('reads a real exposition', () => {
    expect(exposed.has('hookline_deliveries_total')).toBe(true);
    expect(exposed.has('process_cpu_user_seconds_total')).toBe(true);
    expect(used.length).toBeGreaterThan(30);
  });

  it('finds every metric name used by a panel or a rule', () => {
    expect(used.filter((u) => !exposed.has(u.family))).toEqual([]);
  });

  it('counts a subscription status change, which the subscription alerts read', async () => {
    // An endpoint answering 410 disables its subscription (README "Failures and retries").
    await kafka.send(config.ingestTopics[0], [
      { key: null, value: JSON.stringify(envelope('gone.created')), headers: { 'tenant-id': tenant } },
    ]);
    const pattern = /^hookline_subscription_status_changes_total\{from="active",to="disabled"\} (\d+)/m;
    await eventually(async () => Number(pattern.exec(await scrape())?.[1] ?? 0) >= 1, 20_000, 'a status change');
  });
});
