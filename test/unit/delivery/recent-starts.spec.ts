import { RecentStarts } from '../../../src/modules/delivery/failures/rate-window.js';

describe('RecentStarts', () => {
  it('allows the limit in any 1-second window and says when the next start frees up', () => {
    const r = new RecentStarts();
    expect(r.available(0, 2)).toEqual({ count: 2, nextAt: 0 });
    r.record(0, 1);
    r.record(400, 1);
    expect(r.available(900, 2)).toEqual({ count: 0, nextAt: 1000 });
    expect(r.available(1000, 2)).toEqual({ count: 1, nextAt: 1000 });
    r.record(1000, 1);
    expect(r.available(1300, 2)).toEqual({ count: 0, nextAt: 1400 });
  });
});
