import { PipelineHarness } from '../support/harness.js';
import { HttpsReceiver } from '../support/https-receiver.js';
import { dashboardQueries, exposedFamilies, hooklineFamilies, ruleQueries } from '../support/observability-pack.js';
import { envelope, eventually } from '../support/pipeline-fixtures.js';

/**
 * Every hookline_* metric the shipped Grafana dashboard and Prometheus alert rules query exists on
 * /metrics of a real instance (all roles, real Kafka, Postgres and registry), so no panel stays
 * empty and no alert is silently unable to fire.
 */
describe('telemetry: the dashboard and alert rules query only what /metrics exposes', () => {
  let h: PipelineHarness;
  let exposed: Set<string>;
  const scrape = async () => {
    const res = await fetch(h.metricsUrl);
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    const receiver = new HttpsReceiver();
    receiver.responder = () => ({ status: 410 });
    h = await PipelineHarness.start({
      receiver,
      env: { ROLES: 'all' },
      subscriptions: [{ path: '/gone', events: ['gone.*'] }],
    });
    exposed = exposedFamilies(await scrape());
  });

  afterAll(() => h?.close());

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
    // An endpoint answering 410 disables its subscription (docs/concepts/retries-and-dead-letters.md).
    await h.publish([envelope('gone.created')]);
    const pattern = /^hookline_subscription_status_changes_total\{from="active",to="disabled"\} (\d+)/m;
    await eventually(async () => Number(pattern.exec(await scrape())?.[1] ?? 0) >= 1, 20_000, 'a status change');
  });
});
