/** A dependency-free SVG: throughput bars and latency percentile bars per scenario. */
export interface ChartRow {
  label: string;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export function chartSvg(title: string, rows: ChartRow[]): string {
  const width = 900;
  const rowHeight = 28;
  const panel = (rows.length + 1) * rowHeight + 40;
  const height = 60 + 2 * panel;
  const maxRate = Math.max(...rows.map((r) => r.perSecond), 1);
  const maxLatency = Math.max(...rows.map((r) => r.p99), 1);
  const left = 230;
  const span = width - left - 120;
  const text = (x: number, y: number, s: string, anchor = 'start', size = 13) =>
    `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}" font-family="sans-serif">${s}</text>`;
  const parts: string[] = [text(width / 2, 28, title, 'middle', 16)];
  let y = 60;
  parts.push(text(10, y, '<tspan font-weight="bold">Throughput (deliveries/s)</tspan>'));
  rows.forEach((r, i) => {
    const top = y + 12 + i * rowHeight;
    const w = (r.perSecond / maxRate) * span;
    parts.push(text(left - 8, top + 15, r.label, 'end'));
    parts.push(`<rect x="${left}" y="${top}" width="${w.toFixed(1)}" height="20" fill="#3b82f6"/>`);
    parts.push(text(left + w + 6, top + 15, r.perSecond.toFixed(0)));
  });
  y += panel;
  parts.push(text(10, y, '<tspan font-weight="bold">Event → delivery latency (ms): p50 / p95 / p99</tspan>'));
  const colours = ['#22c55e', '#f59e0b', '#ef4444'];
  rows.forEach((r, i) => {
    const top = y + 12 + i * rowHeight;
    parts.push(text(left - 8, top + 15, r.label, 'end'));
    [r.p99, r.p95, r.p50].forEach((v, k) => {
      const w = (v / maxLatency) * span;
      parts.push(
        `<rect x="${left}" y="${top + k * 2}" width="${w.toFixed(1)}" height="${20 - k * 4}" fill="${colours[2 - k]}"/>`,
      );
    });
    parts.push(
      text(
        left + (r.p99 / maxLatency) * span + 6,
        top + 15,
        `${r.p50.toFixed(0)} / ${r.p95.toFixed(0)} / ${r.p99.toFixed(0)}`,
      ),
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="white"/>
${parts.join('\n')}
</svg>
`;
}
