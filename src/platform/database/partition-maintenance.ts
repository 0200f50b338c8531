/** Tables partitioned by day, each with the column that decides a row's day. */
export const PARTITIONED_TABLES = ['delivery_attempts', 'events'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

export const PARTITION_COLUMN: Record<PartitionedTable, string> = {
  delivery_attempts: 'created_at',
  events: 'received_at',
};

/** The days kept ready around the clock: yesterday (late writers) to a week ahead. */
export const PARTITION_DAYS = { from: -1, to: 7 } as const;

const DAY_MS = 86_400_000;

const dayStart = (time: number) => new Date(Math.floor(time / DAY_MS) * DAY_MS);
const suffix = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');

export const partitionName = (table: PartitionedTable, day: Date) => `${table}_p${suffix(day)}`;

/**
 * The catch-all partition: a row dated outside every daily partition (a clock skew, a seed from the
 * past, an event timestamped next month) lands here instead of failing its insert.
 */
export const defaultPartitionName = (table: PartitionedTable) => `${table}_default`;

export const defaultPartitionStatement = (table: PartitionedTable) =>
  `CREATE TABLE IF NOT EXISTS ${defaultPartitionName(table)} PARTITION OF ${table} DEFAULT`;

/** The UTC days from now+fromDay to now+toDay inclusive. */
export function daysAround(now: Date, fromDay: number, toDay: number): Date[] {
  const days: Date[] = [];
  for (let offset = fromDay; offset <= toDay; offset++) days.push(dayStart(now.getTime() + offset * DAY_MS));
  return days;
}

/**
 * The statements, for one transaction, that create one day's partition of a table. Rows of that day
 * already in the default partition would make a plain CREATE fail, so they are moved out first and
 * back in after: nothing is lost and the day ends up in its own partition.
 */
export function dayPartitionStatements(table: PartitionedTable, day: Date): string[] {
  const next = new Date(day.getTime() + DAY_MS);
  const range = `${PARTITION_COLUMN[table]} >= '${day.toISOString()}' AND ${PARTITION_COLUMN[table]} < '${next.toISOString()}'`;
  const parked = `${partitionName(table, day)}_moving`;
  const fallback = defaultPartitionName(table);
  return [
    `CREATE TEMP TABLE ${parked} ON COMMIT DROP AS SELECT * FROM ${fallback} WHERE ${range}`,
    `DELETE FROM ${fallback} WHERE ${range}`,
    `CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table} ` +
      `FOR VALUES FROM ('${day.toISOString()}') TO ('${next.toISOString()}')`,
    `INSERT INTO ${table} SELECT * FROM ${parked}`,
  ];
}

/** Partitions of table whose whole day ended before the retention horizon. */
export function expiredPartitions(table: PartitionedTable, existing: string[], now: Date, retentionDays: number) {
  const horizon = suffix(dayStart(now.getTime() - retentionDays * DAY_MS));
  const prefix = `${table}_p`;
  return existing
    .filter((name) => name.startsWith(prefix) && /^\d{8}$/.test(name.slice(prefix.length)))
    .filter((name) => name.slice(prefix.length) < horizon);
}

/** Rows in the default partition older than the retention horizon (they have no day partition to drop). */
export function expiredDefaultRows(table: PartitionedTable, now: Date, retentionDays: number): string {
  const horizon = dayStart(now.getTime() - retentionDays * DAY_MS).toISOString();
  return `DELETE FROM ${defaultPartitionName(table)} WHERE ${PARTITION_COLUMN[table]} < '${horizon}'`;
}
