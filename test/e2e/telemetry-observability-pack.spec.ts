import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startApp } from '../../src/bootstrap.js';
import {
  dashboardQueries,
  exposedFamilies,
  hooklineFamilies,
  PROMISED_BY_LEAD,
  ruleQueries,
} from '../support/observability-pack.js';
import { testConfig } from '../support/test-config.js';

/**
 * Every hookline_* metric the shipped Grafana dashboard and Prometheus alert rules query exists on
 * /metrics of a real instance (all roles, real Kafka, Postgres and registry), so no panel stays
 * empty and no alert is silently unable to fire.
 */
describe('telemetry: the dashboard and alert rules query only what /metrics exposes', () => {
  let app: INestApplication;
  let exposed: Set<string>;

  beforeAll(async () => {
    app = await startApp(testConfig({ ROLES: 'all' }));
    const { port } = app.getHttpServer().address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    exposed = exposedFamilies(await res.text());
  });

  afterAll(async () => {
    await app?.close();
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
    const missing = used.filter((u) => !exposed.has(u.family));
    const unpromised = missing.filter((u) => !PROMISED_BY_LEAD.includes(u.family));
    expect(unpromised).toEqual([]);
    const pending = [...new Set(missing.map((u) => u.family))];
    // Visible in the run's output until the lead's metrics are merged and the list is emptied.
    if (pending.length) console.warn(`promised by lead, not on /metrics yet: ${pending.join(', ')}`);
  });

  it('keeps the promised list to names the pack really uses', () => {
    const families = new Set(used.map((u) => u.family));
    for (const name of PROMISED_BY_LEAD) expect(families).toContain(name);
  });
});
