import { PipelineHarness } from '../support/harness.js';
import { filterScenario, scenarioEvents } from '../support/filter-scenarios.js';
import { uniqueId } from '../support/test-config.js';

const SUBSCRIPTIONS = 50;
const EVENTS = 10_000;

/**
 * Acceptance: 10,000 events to 50 subscriptions whose filters read numbers, strings, lists, nested
 * and missing fields; each subscription receives exactly the events its filter matches, as a plain
 * TypeScript rewrite of each filter judges them (filter-scenarios.ts), and nothing else.
 */
describe('pipeline: payload filters', () => {
  let h: PipelineHarness;
  const scenarios = Array.from({ length: SUBSCRIPTIONS }, (_, i) => filterScenario(i));
  const path = (i: number) => `/filtered/${i}`;

  beforeAll(async () => {
    h = await PipelineHarness.start({
      env: { ROLES: 'api,ingest,delivery,retry', ...(process.env.FILTERS_E2E_PROGRESS ? { LOG_LEVEL: 'warn' } : {}) },
      subscriptions: scenarios.map((s, i) => ({ path: path(i), events: s.events, filter: s.filter })),
    });
  });
  afterAll(() => h?.close());

  it('delivers to each subscription exactly the events its filter matches', async () => {
    const events = scenarioEvents(EVENTS, 40, uniqueId('flt'));
    const expected = scenarios.map((s) => events.filter(s.matches).map((e) => e.id));
    const total = expected.reduce((sum, ids) => sum + ids.length, 0);
    for (let i = 0; i < events.length; i += 500) await h.publish(events.slice(i, i + 500));

    const distinct = () => new Set(h.receiver.deliveries().map((r) => `${r.path} ${r.headers['webhook-id']}`)).size;
    await settled(distinct, total);
    await new Promise((r) => setTimeout(r, 2_000)); // anything extra would arrive by now

    const received = new Map<string, string[]>();
    for (const r of h.receiver.deliveries())
      received.set(r.path, [...(received.get(r.path) ?? []), r.headers['webhook-id']]);
    // At least once: an attempt that timed out on a busy machine may have arrived and come again.
    scenarios.forEach((_, i) => {
      expect({ subscription: i, ids: [...new Set(received.get(path(i)))].sort() }).toEqual({
        subscription: i,
        ids: [...expected[i]].sort(),
      });
    });
    expect(distinct()).toBe(total);
    expect([...received.keys()].every((p) => p.startsWith('/filtered/'))).toBe(true);
    // Subscriptions whose filter can never hold for their types (8 and 38) received nothing, as judged.
    expect(expected[8]).toEqual([]);

    // Filtered out, counted per subscription: shape 0 never fails, so all it did not take was filtered out.
    const metrics = await h.scrape();
    expect(filterScenario(0).events).toEqual(['*']); // so every event met its filter
    const ofType = events.length;
    expect(counter(metrics, 'hookline_filter_filtered_out_total', h.subscriptionIds[0])).toBe(
      ofType - expected[0].length,
    );
    // Shape 6 reads a coupon most events lack: those fail, counted as errors, and were not delivered.
    expect(counter(metrics, 'hookline_filter_errors_total', h.subscriptionIds[6])).toBeGreaterThan(0);
  }, 580_000);
});

/**
 * Until `count` reaches `total`, or stops moving for 90 s (then the comparison says what is
 * missing): longer than a delivery timeout (30 s) and its retry, which a busy machine can cause.
 */
async function settled(count: () => number, total: number): Promise<void> {
  let [last, since] = [-1, Date.now()];
  while (count() < total && Date.now() - since < 90_000) {
    if (count() !== last) {
      [last, since] = [count(), Date.now()];
      if (process.env.FILTERS_E2E_PROGRESS) console.log(`${last}/${total}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function counter(metrics: string, name: string, subscriptionId: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{subscription_id="${subscriptionId}"}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
