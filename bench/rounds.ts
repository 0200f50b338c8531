import type { BaselineResult } from './baseline.js';
import type { FanoutResult } from './scenario-fanout.js';
import { median } from './stats.js';

/**
 * One round: the raw baseline, the minimal durable sender, then every fan-out case, back to back on
 * the same machine state.
 */
export interface Round {
  baseline: BaselineResult;
  durable: BaselineResult;
  fanout: FanoutResult[];
}

/** A figure over the rounds: its median, each round's value and the half-range around the median. */
export interface OverRounds {
  median: number;
  values: number[];
  /** ± percent: half of (max − min), of the median. */
  spreadPct: number;
}

export function overRounds(values: number[]): OverRounds {
  const mid = median(values);
  const spreadPct = values.length > 1 ? ((Math.max(...values) - Math.min(...values)) / 2 / mid) * 100 : 0;
  return { median: mid, values, spreadPct };
}

/** Per fan-out case (by subscriptions), a figure of each round's run of that case, over the rounds. */
function perCase(rounds: Round[], figure: (round: Round, run: FanoutResult) => number): Map<number, OverRounds> {
  const cases = rounds[0]?.fanout.map((f) => f.subscriptions) ?? [];
  return new Map(
    cases.map((subscriptions, i) => [subscriptions, overRounds(rounds.map((r) => figure(r, r.fanout[i])))]),
  );
}

/** Per fan-out case, its throughput ratio to a baseline (raw or durable) of the same round. */
export function burstRatios(rounds: Round[], to: 'baseline' | 'durable' = 'baseline'): Map<number, OverRounds> {
  return perCase(rounds, (r, run) => run.throughput.perSecond / r[to].perSecond);
}

/**
 * Per fan-out case, the service's CPU a delivery in the burst over the durable loop's in the same
 * round: the cost ratio, which, unlike the rates, does not depend on how much of the shared machine
 * each side got.
 */
export function burstCpuRatios(rounds: Round[]): Map<number, OverRounds> {
  return perCase(rounds, (r, run) => run.service.burstCpuMsPerDelivery / r.durable.cpuMsPerRequest);
}

/** The round whose value is the median (the lower middle one for an even count): its figures are quoted. */
export function medianOf<T>(runs: T[], value: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The summary's view: the median baselines and, per case, its median run. */
export function representative(rounds: Round[]): {
  baseline: BaselineResult;
  durable: BaselineResult;
  fanout: FanoutResult[];
} {
  const baseline = medianOf(
    rounds.map((r) => r.baseline),
    (b) => b.perSecond,
  );
  const durable = medianOf(
    rounds.map((r) => r.durable),
    (b) => b.perSecond,
  );
  const cases = rounds[0]?.fanout.length ?? 0;
  const fanout = Array.from({ length: cases }, (_, i) =>
    medianOf(
      rounds.map((r) => r.fanout[i]),
      (f) => f.throughput.perSecond,
    ),
  );
  return { baseline, durable, fanout };
}
