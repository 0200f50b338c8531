import type { ReportRow } from './report-rows.repository.js';

export const CSV_COLUMNS: (keyof ReportRow)[] = [
  'subscription_id',
  'event_type',
  'attempts',
  'succeeded',
  'failed',
  'success_ratio',
  'latency_p50_ms',
  'latency_p95_ms',
  'latency_p99_ms',
  'first_attempt_at',
  'last_attempt_at',
];

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export const csvLines = (rows: ReportRow[]) =>
  rows.map((row) => `${CSV_COLUMNS.map((c) => csvField(row[c])).join(',')}\r\n`).join('');

export interface ReportHeader {
  id: string;
  subscription_id: string | null;
  from: string;
  to: string;
  generated_at: string;
}

/** The JSON document is written in three parts so the rows between them can stream. */
export const jsonOpening = (header: ReportHeader) => `${JSON.stringify(header).slice(0, -1)},"data":[\n`;

export const jsonLines = (rows: ReportRow[], first: boolean) =>
  rows.map((row, i) => `${first && i === 0 ? '' : ',\n'}${JSON.stringify(row)}`).join('');

export const jsonClosing = () => `\n]}\n`;
