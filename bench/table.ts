import type { BaselineResult } from './baseline.js';
import type { BacklogResult, FanoutResult, FixedRateResult } from './scenario-fanout.js';
import type { LatencyHops } from './latency-hops.js';
import type { FreshnessResult } from './scenario-freshness.js';
import type { FiltersResult } from './scenario-filters.js';
import type { OrderedResult } from './scenario-ordered.js';
import type { HangResult } from './scenario-hang.js';
import { burstCpuRatios, burstRatios, type Round } from './rounds.js';
import type { StackCpuMs } from './stack-cpu.js';
import type { Percentiles } from './stats.js';

/** One row of the summary: a rate, its ratios to the raw and durable baselines of the same run, and notes. */
export interface Row {
  label: string;
  perSecond: number;
  /** The ratio to raw, when it is not perSecond / raw (the median of per-round ratios). */
  ratio?: number;
  /** The ratio to the durable loop, when it is not perSecond / durable (the median of per-round ratios). */
  durableRatio?: number;
  latencyMs?: Percentiles;
  note?: string;
}

export interface Results {
  /** The median round's baselines and, per case, the median run: the figures quoted. */
  baseline: BaselineResult;
  /** The minimal durable sender (Kafka in, POST, attempt rows, commit). */
  durable: BaselineResult;
  fanout: FanoutResult[];
  rounds: Round[];
  latencyRate: number;
  latencySeconds: number;
  hang: HangResult | null;
  freshness: FreshnessResult | null;
  filters: FiltersResult | null;
  ordered: OrderedResult | null;
  backlog: BacklogResult | null;
}

const fixed = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

function hangRows(h: HangResult): Row[] {
  const { alone, beside } = h;
  const rounds = h.rounds.map((r) => fixed(r.throughputRatio)).join(', ');
  const cpu = `CPU ${fixed(alone.cpuMsPerDelivery)} → ${fixed(beside.cpuMsPerDelivery)} ms per healthy delivery`;
  const besideNote =
    `throughput ${fixed(h.throughputRatio)}× alone (target ≥ 0.9: ${verdict(h.throughputRatio >= 0.9)}; ` +
    `median of rounds ${rounds}), p99 ${fixed(h.p99Ratio)}× alone (target < 2: ${verdict(h.p99Ratio < 2)}); ${cpu}; ` +
    `${beside.hangingRequests} hanging requests, ${beside.deferredTasks} deferred ` +
    `(${beside.deferredAtFanOut} at fan-out), ` +
    `most blocked partitions (intake waiting > 2 s) ${alone.maxBlockedPartitions} alone, ${beside.maxBlockedPartitions} beside, stopped in ${fixed(beside.stopSeconds, 1)} s (exit ${beside.exitCode})`;
  return [
    { label: `${alone.healthy} healthy subs alone`, perSecond: alone.perSecond, latencyMs: alone.latencyMs },
    {
      label: `${beside.healthy} healthy beside ${beside.hanging} hanging`,
      perSecond: beside.perSecond,
      latencyMs: beside.latencyMs,
      note: besideNote,
    },
  ];
}

function freshnessRows(f: FreshnessResult): Row[] {
  return [
    {
      label: `ingest events/s, freshness wait ${f.on.freshnessWaitMs}`,
      perSecond: f.on.perSecond,
      note:
        `${fixed(f.ratio)}× of wait off (target ≥ 0.95: ${verdict(f.ratio >= 0.95)}); ` +
        `${f.on.waits} events waited, ${f.on.fallbacks} fell back to the database; ` +
        `rounds ${f.on.rounds.map((x) => x.toFixed(0)).join(', ')}`,
    },
    {
      label: 'ingest events/s, freshness wait 0 (off)',
      perSecond: f.off.perSecond,
      note: `rounds ${f.off.rounds.map((x) => x.toFixed(0)).join(', ')}`,
    },
  ];
}

function filterRows(f: FiltersResult): Row[] {
  return [
    {
      label: `ingest events/s, ${f.subscriptions} filtered subs`,
      perSecond: f.with.perSecond,
      note:
        `${fixed(f.ratio)}× of no filters (target ≥ 0.7: ${verdict(f.ratio >= 0.7)}); 99 of ${f.subscriptions} ` +
        `settled by their == guard; rounds ${f.with.rounds.map((x) => x.toFixed(0)).join(', ')}`,
    },
    {
      label: `ingest events/s, ${f.subscriptions} unguarded filters`,
      perSecond: f.unguarded.perSecond,
      note:
        `${fixed(f.unguardedRatio)}× of no filters (worst case, no target): every filter runs in full; ` +
        `rounds ${f.unguarded.rounds.map((x) => x.toFixed(0)).join(', ')}`,
    },
    {
      label: `ingest events/s, ${f.subscriptions} subs without filters`,
      perSecond: f.without.perSecond,
      note: `rounds ${f.without.rounds.map((x) => x.toFixed(0)).join(', ')}`,
    },
  ];
}

function orderedRows(o: OrderedResult): Row[] {
  return [
    ...o.ordered.map((p) => ({
      label: `1 subscription, ordered over ${p.keys.toLocaleString('en')} key${p.keys === 1 ? '' : 's'}`,
      perSecond: p.perSecond,
      note: `${fixed(p.ratio)}× of unordered; ${p.events} events in ${fixed(p.seconds, 1)} s`,
    })),
    {
      label: "1 subscription, unordered (the ordered rows' reference)",
      perSecond: o.unordered.perSecond,
      note: `${o.unordered.events} events in ${fixed(o.unordered.seconds, 1)} s`,
    },
    ...(o.neighbours ? neighbourRows(o.neighbours) : []),
  ];
}

function neighbourRows(n: NonNullable<OrderedResult['neighbours']>): Row[] {
  return [
    {
      label: `unordered subscription beside an ordered one (${n.besideOrdered.neighbourKeys} keys)`,
      perSecond: n.besideOrdered.perSecond,
      note: `${fixed(n.ratio)}× of alone (target ≥ 0.9: ${verdict(n.ratio >= 0.9)})`,
    },
    {
      label: 'unordered subscription beside an unordered twin',
      perSecond: n.besideUnordered.perSecond,
      note: `${fixed(n.twinRatio)}× of alone: what any second subscription taking the same events costs`,
    },
  ];
}

const tailNote = (h: LatencyHops) =>
  `slowest ${h.tail}: publish → matched ${fixed(h.publishToMatchedMs, 0)}, ` +
  `→ request ${fixed(h.matchedToRequestMs, 0)}, request ${fixed(h.requestMs, 0)} ms (medians)`;

/** The broker's, Postgres's and the whole machine's CPU per delivery, read from /proc. */
const stackNote = (s: StackCpuMs) =>
  `broker ${fixed(s.brokerMs)}, Postgres ${fixed(s.postgresMs)}, machine ${fixed(s.machineMs)} ms`;

/**
 * The service's CPU a delivery in the burst, beside the raw loop's a request, and what the broker,
 * Postgres and the machine spent a delivery meanwhile: costs, where the rates also carry how much of
 * the shared machine each side got.
 */
function cpuNote(s: FanoutResult, r: Results): string {
  const ms = s.service.burstCpuMsPerDelivery;
  const overDurable = burstCpuRatios(r.rounds).get(s.subscriptions);
  const ratios = [
    `${fixed(ms / r.baseline.cpuMsPerRequest, 1)} × the raw loop's a request`,
    overDurable && `${fixed(overDurable.median, 1)} × the durable loop's a delivery (median of rounds)`,
  ]
    .filter(Boolean)
    .join(', ');
  const lanes = Object.entries(s.service.burstLanes ?? {})
    .map(([lane, n]) => `${lane} ${n}`)
    .join(', ');
  return `CPU a delivery: service ${fixed(ms)} ms (${ratios}), ${stackNote(s.service.burstStackCpu)}${lanes ? `; tasks: ${lanes}` : ''}`;
}

function fanoutRows(s: FanoutResult, r: Results): Row[] {
  const ratio = burstRatios(r.rounds).get(s.subscriptions);
  const durable = burstRatios(r.rounds, 'durable').get(s.subscriptions);
  const spread =
    durable && durable.values.length > 1
      ? `${durable.values.length} rounds: ${durable.values.map((v) => fixed(v)).join(', ')} × durable (±${fixed(durable.spreadPct, 0)} %)`
      : undefined;
  const fixedRate = (label: string, f: FixedRateResult, note?: string): Row => ({
    label: `${s.subscriptions} subs @ ${label}`,
    perSecond: f.deliveries / r.latencySeconds,
    latencyMs: f.latencyMs,
    note: [note, f.hops && tailNote(f.hops)].filter(Boolean).join('; '),
  });
  const memory = `peak RSS ${s.service.peakRssMiB.toFixed(0)} MiB, ${s.duplicates} duplicates`;
  const burst: Row = {
    label: `${s.subscriptions} subs, burst`,
    perSecond: s.throughput.perSecond,
    ratio: ratio?.median,
    durableRatio: durable?.median,
    latencyMs: s.throughput.latencyMs,
    note: [spread, cpuNote(s, r), !s.latency && memory].filter(Boolean).join('; '),
  };
  if (!s.latency || !s.halfLoad) return [burst];
  return [
    burst,
    fixedRate(`${r.latencyRate}/s`, s.latency, memory),
    fixedRate(`${s.halfLoad.deliveriesPerSecond.toFixed(0)}/s (half of burst)`, s.halfLoad),
  ];
}

export function rowsOf(r: Results): Row[] {
  return [
    {
      label: `raw baseline (undici, ${r.baseline.concurrency} in flight)`,
      perSecond: r.baseline.perSecond,
      latencyMs: r.baseline.latencyMs,
      note: `loop CPU ${fixed(r.baseline.cpuMsPerRequest, 3)} ms a request`,
    },
    {
      label: `durable baseline (Kafka in, POST, attempt rows, commit; ${r.durable.concurrency} in flight)`,
      perSecond: r.durable.perSecond,
      latencyMs: r.durable.latencyMs,
      note: [
        `CPU a delivery: loop ${fixed(r.durable.cpuMsPerRequest, 3)} ms`,
        r.durable.stackCpu && stackNote(r.durable.stackCpu),
      ]
        .filter(Boolean)
        .join(', '),
    },
    ...r.fanout.flatMap((s) => fanoutRows(s, r)),
    ...(r.hang ? hangRows(r.hang) : []),
    ...(r.freshness ? freshnessRows(r.freshness) : []),
    ...(r.filters ? filterRows(r.filters) : []),
    ...(r.ordered ? orderedRows(r.ordered) : []),
  ];
}

/** A Markdown table (pastes into the docs as is): every rate also as a ratio to raw and to durable. */
export function formatTable(r: Results): string {
  const raw = r.baseline.perSecond;
  const durable = r.durable.perSecond;
  const lines = rowsOf(r).map((row) => [
    row.label,
    row.perSecond.toFixed(0),
    fixed(row.ratio ?? row.perSecond / raw),
    fixed(row.durableRatio ?? row.perSecond / durable),
    row.latencyMs
      ? `${fixed(row.latencyMs.p50, 0)} / ${fixed(row.latencyMs.p95, 0)} / ${fixed(row.latencyMs.p99, 0)}`
      : '—',
    row.note ?? '',
  ]);
  if (r.backlog) {
    const b = r.backlog;
    const heap = b.nodeOptions ? `, node ${b.nodeOptions}` : ', default heap';
    lines.push([
      b.delivered >= b.messages
        ? `backlog of ${b.messages} (drained in ${b.seconds.toFixed(0)} s)`
        : `backlog of ${b.messages} (${b.delivered} in the first ${b.seconds.toFixed(0)} s)`,
      (b.delivered / b.seconds).toFixed(0),
      fixed(b.delivered / b.seconds / raw),
      fixed(b.delivered / b.seconds / durable),
      '—',
      `peak RSS ${b.peakRssMiB.toFixed(0)} MiB (target < 512: ${verdict(b.peakRssMiB < 512)})${heap}`,
    ]);
  }
  const header = ['case', 'per second', '× raw', '× durable', 'p50 / p95 / p99 ms', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}
