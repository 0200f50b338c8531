import { expiredPartitions, partitionStatements } from '../../../src/platform/database/partition-maintenance.js';

describe('daily partitions', () => {
  const now = new Date('2026-03-10T15:00:00Z');

  it('creates UTC-day partitions for both tables', () => {
    const sql = partitionStatements(now, 0, 1);
    expect(sql).toHaveLength(4);
    expect(sql[0]).toBe(
      "CREATE TABLE IF NOT EXISTS delivery_attempts_p20260310 PARTITION OF delivery_attempts FOR VALUES FROM ('2026-03-10T00:00:00.000Z') TO ('2026-03-11T00:00:00.000Z')",
    );
    expect(sql[3]).toContain('events_p20260311 PARTITION OF events');
  });

  it('expires only whole days past retention', () => {
    const existing = [
      'delivery_attempts_p20260207',
      'delivery_attempts_p20260208',
      'delivery_attempts_p20260310',
      'events_p20260101',
    ];
    expect(expiredPartitions('delivery_attempts', existing, now, 30)).toEqual(['delivery_attempts_p20260207']);
  });
});
