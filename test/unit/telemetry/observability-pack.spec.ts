import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import {
  alertGroups,
  dashboard,
  dashboardQueries,
  hooklineFamilies,
  hooklineWords,
  PROMETHEUS_RULE_FILE,
  ruleQueries,
  selectedMetrics,
} from '../../support/observability-pack.js';

/** deploy/observability parses as Prometheus and Grafana would read it, and says what it means to. */
describe('observability pack', () => {
  const queries = [...ruleQueries(), ...dashboardQueries()];

  it('finds the PromQL of every alert and dashboard panel', () => {
    expect(ruleQueries().length).toBeGreaterThanOrEqual(8);
    expect(dashboardQueries().length).toBeGreaterThanOrEqual(25);
  });

  it.each(queries.map((q) => [q.where, q.expr]))('%s is valid PromQL over hookline series', (_where, expr) => {
    const families = hooklineFamilies(expr);
    expect(families.length + selectedMetrics(expr).length).toBeGreaterThan(0);
    // The grammar walk misses no hookline_* name that appears in the text.
    expect(new Set(families)).toEqual(new Set(hooklineWords(expr)));
  });

  it('rejects broken PromQL and reads histogram families', () => {
    expect(() => selectedMetrics('sum(rate(hookline_deliveries_total[5m])')).toThrow(/syntax error/);
    expect(() => selectedMetrics('hookline_deliveries_total{outcome="success"')).toThrow(/syntax error/);
    expect(
      hooklineFamilies('histogram_quantile(0.9, sum by (le) (rate(hookline_a_seconds_bucket[$__rate_interval])))'),
    ).toEqual(['hookline_a_seconds']);
    expect(hooklineFamilies('hookline_b_total{group!~".*hookline_c.*"} or up == 0')).toEqual(['hookline_b_total']);
  });

  it('covers the alerts operators need, each with a severity and a summary', () => {
    const rules = alertGroups().flatMap((g) => g.rules);
    const names = rules.map((r) => r.alert);
    for (const alert of [
      'HooklineConsumerLagGrowing',
      'HooklineDeadLettersGrowing',
      'HooklineSubscriptionFailing',
      'HooklineInstanceNotReady',
      'HooklineAttemptLogWriteErrors',
    ])
      expect(names).toContain(alert);
    for (const rule of rules) {
      expect(rule.labels?.severity).toMatch(/^(info|warning|critical)$/);
      expect((rule as { annotations?: { summary?: string } }).annotations?.summary).toBeTruthy();
    }
  });

  it('ships the same rules to Kubernetes as to Prometheus', () => {
    const rule = parseYaml(readFileSync(PROMETHEUS_RULE_FILE, 'utf8')) as { spec: { groups: unknown } };
    expect(rule.spec.groups).toEqual(alertGroups());
  });

  it('has a dashboard whose panels have unique ids and a Prometheus data source variable', () => {
    const board = dashboard() as unknown as { panels: { id: number }[]; templating: { list: { type: string }[] } };
    const ids = board.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(board.templating.list.map((v) => v.type)).toContain('datasource');
  });
});
