import { Counter, Histogram, register } from 'prom-client';

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
