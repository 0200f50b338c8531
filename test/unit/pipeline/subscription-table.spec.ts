import type { SubscriptionView } from '../../../src/modules/subscriptions/subscription-reader.js';
import { SubscriptionTable } from '../../../src/modules/matching/subscription-table.js';

const view = (id: string, events: string[], extra: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id,
  tenantId: 't1',
  url: `https://example.com/${id}`,
  events,
  status: 'active',
  secrets: [],
  sendTraceparent: true,
  version: 1,
  ...extra,
});

const ids = (views: SubscriptionView[]) => views.map((v) => v.id).sort();

describe('SubscriptionTable', () => {
  it('matches exact types, prefix wildcards at every level, and *', () => {
    const table = new SubscriptionTable();
    table.upsert(view('exact', ['order.created']));
    table.upsert(view('orders', ['order.*']));
    table.upsert(view('items', ['order.item.*']));
    table.upsert(view('all', ['*']));
    table.upsert(view('payments', ['payment.succeeded', 'payment.failed']));
    expect(ids(table.match('t1', 'order.created'))).toEqual(['all', 'exact', 'orders']);
    expect(ids(table.match('t1', 'order.item.added'))).toEqual(['all', 'items', 'orders']);
    expect(ids(table.match('t1', 'payment.failed'))).toEqual(['all', 'payments']);
    expect(ids(table.match('t1', 'orders.created'))).toEqual(['all']);
  });

  it('is tenant-scoped and leaves disabled subscriptions out (failing ones stay matched to recover)', () => {
    const table = new SubscriptionTable();
    table.upsert(view('mine', ['*']));
    table.upsert(view('theirs', ['*'], { tenantId: 't2' }));
    table.upsert(view('off', ['*'], { status: 'disabled' }));
    table.upsert(view('failing', ['*'], { status: 'failing' }));
    expect(ids(table.match('t1', 'order.created'))).toEqual(['failing', 'mine']);
    expect(ids(table.match('t3', 'order.created'))).toEqual([]);
    expect(table.get('off')?.status).toBe('disabled');
  });

  it('re-indexes on update, ignores older versions, forgets removed ones', () => {
    const table = new SubscriptionTable();
    table.upsert(view('s', ['order.*'], { version: 2 }));
    table.upsert(view('s', ['payment.*'], { version: 1 }));
    expect(ids(table.match('t1', 'order.created'))).toEqual(['s']);
    table.upsert(view('s', ['payment.*'], { version: 3 }));
    expect(ids(table.match('t1', 'order.created'))).toEqual([]);
    expect(ids(table.match('t1', 'payment.failed'))).toEqual(['s']);
    table.remove('s');
    expect(table.match('t1', 'payment.failed')).toEqual([]);
    expect(table.size).toBe(0);
  });
});
