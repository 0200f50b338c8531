import {
  dayPartitionStatements,
  daysAround,
  expiredDefaultRows,
  expiredPartitions,
} from '../../../src/platform/database/partition-maintenance.js';

describe('daily partitions', () => {
  const now = new Date('2026-03-10T00:05:00Z');

  it('names the UTC days around the clock, yesterday included just after midnight', () => {
    expect(daysAround(now, -1, 1).map((d) => d.toISOString())).toEqual([
      '2026-03-09T00:00:00.000Z',
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
    ]);
  });

  it("creates a day's partition after moving that day's rows out of the default partition", () => {
    const sql = dayPartitionStatements('events', new Date('2026-03-10T00:00:00Z'));
    const range = "received_at >= '2026-03-10T00:00:00.000Z' AND received_at < '2026-03-11T00:00:00.000Z'";
    expect(sql).toEqual([
      `CREATE TEMP TABLE events_p20260310_moving ON COMMIT DROP AS SELECT * FROM events_default WHERE ${range}`,
      `DELETE FROM events_default WHERE ${range}`,
      "CREATE TABLE IF NOT EXISTS events_p20260310 PARTITION OF events FOR VALUES FROM ('2026-03-10T00:00:00.000Z') TO ('2026-03-11T00:00:00.000Z')",
      'INSERT INTO events SELECT * FROM events_p20260310_moving',
    ]);
  });

  it('expires only whole days past retention, and default rows older than the horizon', () => {
    const existing = [
      'delivery_attempts_p20260207',
      'delivery_attempts_p20260208',
      'delivery_attempts_p20260310',
      'delivery_attempts_default',
      'events_p20260101',
    ];
    expect(expiredPartitions('delivery_attempts', existing, now, 30)).toEqual(['delivery_attempts_p20260207']);
    expect(expiredDefaultRows('delivery_attempts', now, 30)).toBe(
      "DELETE FROM delivery_attempts_default WHERE created_at < '2026-02-08T00:00:00.000Z'",
    );
  });
});
