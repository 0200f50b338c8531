/** Tables partitioned by day, with the retention variable that bounds each. */
export const PARTITIONED_TABLES = ['delivery_attempts', 'events'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

const DAY_MS = 86_400_000;

const dayStart = (time: number) => new Date(Math.floor(time / DAY_MS) * DAY_MS);
const suffix = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');

export const partitionName = (table: PartitionedTable, day: Date) => `${table}_p${suffix(day)}`;

/** CREATE statements for the daily partitions (UTC days) from now+fromDay to now+toDay inclusive. */
export function partitionStatements(now: Date, fromDay: number, toDay: number): string[] {
  const statements: string[] = [];
  for (let offset = fromDay; offset <= toDay; offset++) {
    const day = dayStart(now.getTime() + offset * DAY_MS);
    const next = new Date(day.getTime() + DAY_MS);
    for (const table of PARTITIONED_TABLES) {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table} ` +
          `FOR VALUES FROM ('${day.toISOString()}') TO ('${next.toISOString()}')`,
      );
    }
  }
  return statements;
}

/** Partitions of table whose whole day ended before the retention horizon. */
export function expiredPartitions(table: PartitionedTable, existing: string[], now: Date, retentionDays: number) {
  const horizon = suffix(dayStart(now.getTime() - retentionDays * DAY_MS));
  const prefix = `${table}_p`;
  return existing
    .filter((name) => name.startsWith(prefix) && /^\d{8}$/.test(name.slice(prefix.length)))
    .filter((name) => name.slice(prefix.length) < horizon);
}
