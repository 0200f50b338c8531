import { Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * Metrics on the process-wide registry. Get-or-create, because tests start several apps in one
 * process and prom-client refuses a second registration of a name.
 */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return (register.getSingleMetric(name) as Counter<L>) ?? new Counter({ name, help, labelNames });
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): Histogram<L> {
  return (register.getSingleMetric(name) as Histogram<L>) ?? new Histogram({ name, help, labelNames, buckets });
}

/**
 * A counter whose values are read at scrape time from counts kept elsewhere (a hot path's plain
 * numbers: prom-client hashes the labels on every inc). `collect` sets each series to its total.
 */
export function collectedCounter<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (set: (labels: Partial<Record<L, string>>, total: number) => void) => void,
): Counter<L> {
  const existing = register.getSingleMetric(name) as (Counter<L> & { collectSource?: typeof collect }) | undefined;
  if (existing) {
    existing.collectSource = collect;
    return existing;
  }
  const created: Counter<L> & { collectSource?: typeof collect } = new Counter({
    name,
    help,
    labelNames,
    collect() {
      created.reset();
      created.collectSource?.((labels, total) => created.inc(labels, total));
    },
  });
  created.collectSource = collect;
  return created;
}

/**
 * A gauge; with `collect`, its value is computed at scrape time (queue depths, breaker states),
 * and the newest app's callback wins when tests start several apps in one process.
 */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (gauge: Gauge<L>) => void | Promise<void>,
): Gauge<L> {
  const existing = register.getSingleMetric(name) as (Gauge<L> & { collectSource?: typeof collect }) | undefined;
  if (existing) {
    if (collect) existing.collectSource = collect;
    return existing;
  }
  const created: Gauge<L> & { collectSource?: typeof collect } = new Gauge({
    name,
    help,
    labelNames,
    collect() {
      return created.collectSource?.(created);
    },
  });
  created.collectSource = collect;
  return created;
}
