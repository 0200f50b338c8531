import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';

/** What deploy/observability ships, read as Prometheus and Grafana read it. */
export const OBSERVABILITY_DIR = join(import.meta.dirname, '../../deploy/observability');
export const ALERTS_FILE = join(OBSERVABILITY_DIR, 'prometheus/alerts.yml');
export const DASHBOARD_FILE = join(OBSERVABILITY_DIR, 'grafana/dashboards/hookline.json');
export const PROMETHEUS_RULE_FILE = join(
  import.meta.dirname,
  '../../deploy/kubernetes/components/monitoring/prometheus-rule.yaml',
);

/** One PromQL expression and where it was found, for readable failures. */
export interface Query {
  where: string;
  expr: string;
}

export interface RuleGroup {
  name: string;
  rules: { alert?: string; record?: string; expr: string; for?: string; labels?: Record<string, string> }[];
}

export const alertGroups = (): RuleGroup[] =>
  (parseYaml(readFileSync(ALERTS_FILE, 'utf8')) as { groups: RuleGroup[] }).groups;

export const ruleQueries = (groups: RuleGroup[] = alertGroups()): Query[] =>
  groups.flatMap((g) => g.rules.map((r) => ({ where: `rule ${r.alert ?? r.record}`, expr: r.expr })));

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

interface Dashboard {
  panels: Panel[];
  templating: { list: { name: string; definition?: string }[] };
}

export const dashboard = (): Dashboard => JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;

/** Every panel target (rows' nested panels included) and every variable's label_values() metric. */
export function dashboardQueries(board: Dashboard = dashboard()): Query[] {
  const walk = (panels: Panel[]): Query[] =>
    panels.flatMap((p) => [
      ...(p.targets ?? []).filter((t) => t.expr).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr! })),
      ...walk(p.panels ?? []),
    ]);
  const variables = board.templating.list
    .map((v) => ({ where: `variable ${v.name}`, match: /^label_values\((\w+)/.exec(v.definition ?? '') }))
    .filter((v) => v.match)
    .map((v) => ({ where: v.where, expr: v.match![1] }));
  return [...walk(board.panels), ...variables];
}

/**
 * Grafana's variables are not PromQL: durations ($__rate_interval, $__range) become one, and any
 * other variable (only ever inside a label matcher's string) a plain word.
 */
export const withoutGrafanaVariables = (expr: string) => expr.replace(/\$__\w+/g, '5m').replace(/\$\{?\w+\}?/g, 'x');

/**
 * The metric names an expression selects, from the PromQL grammar Prometheus' own UI uses: the
 * identifier of every vector selector. Throws on a syntax error, naming the offending text.
 */
export function selectedMetrics(expr: string): string[] {
  const text = withoutGrafanaVariables(expr);
  const names = new Set<string>();
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) throw new Error(`PromQL syntax error at ${node.from} in: ${text}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.add(text.slice(node.from, node.to));
    },
  });
  return [...names];
}

/** The metric family a series name belongs to: histograms expose _bucket, _sum and _count. */
export const metricFamily = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

/** Hookline's own metric families an expression uses (up and other Prometheus series are not ours). */
export const hooklineFamilies = (expr: string) =>
  selectedMetrics(expr)
    .filter((n) => /^hookline_[a-z_]+$/.test(n))
    .map(metricFamily);

/** Every hookline_* word in the text outside string literals: a cross-check on the grammar walk. */
export const hooklineWords = (expr: string) =>
  [
    ...withoutGrafanaVariables(expr)
      .replace(/"(?:[^"\\]|\\.)*"/g, '""')
      .matchAll(/hookline_[a-z_]+/g),
  ].map((m) => metricFamily(m[0]));

/** Metric families of a Prometheus text exposition, from its `# TYPE` lines. */
export const exposedFamilies = (text: string): Set<string> =>
  new Set([...text.matchAll(/^# TYPE (\S+) \w+$/gm)].map((m) => m[1]));
