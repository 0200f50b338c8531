import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { call, client, type DeliveryStats } from '../api';
import { useLoad } from '../hooks';
import { ErrorBox, Section } from './ui';

const MINUTE = 60;

/** Every minute of the window, so that quiet minutes draw as zero deliveries rather than a gap. */
function series(stats: DeliveryStats) {
  const start = Math.floor(Date.parse(stats.from) / 60_000) * MINUTE;
  const end = Math.floor(Date.parse(stats.to) / 60_000) * MINUTE;
  const byMinute = new Map(stats.buckets.map((b) => [Date.parse(b.minute) / 1000, b]));
  const cols: {
    t: number[];
    ok: number[];
    failed: number[];
    p50: (number | null)[];
    p95: (number | null)[];
    p99: (number | null)[];
  } = { t: [], ok: [], failed: [], p50: [], p95: [], p99: [] };
  for (let t = start; t <= end; t += MINUTE) {
    const b = byMinute.get(t);
    const total = b ? Object.values(b.outcomes).reduce((x, y) => x + y, 0) : 0;
    const ok = b?.outcomes.success ?? 0;
    cols.t.push(t);
    cols.ok.push(ok);
    cols.failed.push(total - ok);
    cols.p50.push(b ? b.p50_ms : null);
    cols.p95.push(b ? b.p95_ms : null);
    cols.p99.push(b ? b.p99_ms : null);
  }
  return cols;
}

/** Points on busy minutes only: a lone busy minute in a quiet day would otherwise draw nothing visible. */
const busy = (u: uPlot, seriesIdx: number) => {
  const values = u.data[seriesIdx];
  const shown: number[] = [];
  for (let i = 0; i < values.length; i++) if ((values[i] ?? 0) > 0) shown.push(i);
  return shown;
};

function Chart({
  label,
  data,
  lines,
}: {
  label: string;
  data: uPlot.AlignedData;
  lines: { label: string; stroke: string }[];
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current!;
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 180,
        series: [
          {},
          ...lines.map((l) => ({ ...l, width: 1.5, points: { show: true, size: 5, fill: l.stroke, filter: busy } })),
        ],
        axes: [{}, { size: 50 }],
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      el,
    );
    return () => plot.destroy();
  }, [data, lines]);
  return (
    <figure class="chart">
      <figcaption>{label}</figcaption>
      <div ref={host} />
    </figure>
  );
}

const COUNT_LINES = [
  { label: 'delivered', stroke: '#1a7f37' },
  { label: 'failed', stroke: '#cf222e' },
];
const LATENCY_LINES = [
  { label: 'p50 ms', stroke: '#0969da' },
  { label: 'p95 ms', stroke: '#9a6700' },
  { label: 'p99 ms', stroke: '#cf222e' },
];

/** The last 24 hours of a subscription: deliveries per minute by outcome, and latency percentiles. */
export function DeliveryCharts({ id, refresh }: { id: string; refresh: number }) {
  const stats = useLoad(
    () => call(client.GET('/webhooks/{id}/delivery-stats', { params: { path: { id }, query: { hours: 24 } } })),
    [id, refresh],
  );
  const charts = useMemo(() => {
    if (!stats.data) return undefined;
    const c = series(stats.data);
    return {
      counts: [c.t, c.ok, c.failed] as uPlot.AlignedData,
      latency: [c.t, c.p50, c.p95, c.p99] as uPlot.AlignedData,
    };
  }, [stats.data]);
  const totals = stats.data
    ? Object.entries(stats.data.totals)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')
    : '';
  return (
    <Section
      title="Last 24 hours"
      actions={
        <button type="button" onClick={stats.reload}>
          Refresh
        </button>
      }
    >
      <ErrorBox error={stats.error} />
      {charts && (
        <>
          <p class="muted">Attempts by outcome: {totals || 'none'}</p>
          <div class="charts">
            <Chart label="Deliveries per minute" data={charts.counts} lines={COUNT_LINES} />
            <Chart label="Latency (ms)" data={charts.latency} lines={LATENCY_LINES} />
          </div>
        </>
      )}
    </Section>
  );
}
