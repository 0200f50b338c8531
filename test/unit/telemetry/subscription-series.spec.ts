import fc from 'fast-check';
import { Counter, Registry } from 'prom-client';
import { OTHER_SUBSCRIPTIONS, SubscriptionSeries } from '../../../src/platform/telemetry/subscription-series.js';

const HOUR = 3_600_000;

function setUp(max: number) {
  const registry = new Registry();
  const series = new SubscriptionSeries(HOUR);
  series.configure(max);
  const counter = series.track(
    new Counter({ name: 'deferred_total', help: 'h', labelNames: ['subscription_id'], registers: [registry] }),
  );
  const labels = async () =>
    (await registry.getSingleMetric('deferred_total')!.get()).values.map((v) => String(v.labels.subscription_id));
  return { series, counter, labels };
}

describe('per-subscription series', () => {
  it('gives the first subscriptions up to the cap series of their own and sums the rest under _other', async () => {
    const { series, counter, labels } = setUp(2);
    for (const id of ['a', 'b', 'c', 'd', 'a']) counter.inc({ subscription_id: series.touch(id, 0) });
    expect((await labels()).sort()).toEqual([OTHER_SUBSCRIPTIONS, 'a', 'b']);
    expect(series.label('c')).toBe(OTHER_SUBSCRIPTIONS);
  });

  it('removes a deleted subscription’s series and gives its place to the next one', async () => {
    const { series, counter, labels } = setUp(1);
    counter.inc({ subscription_id: series.touch('a', 0) });
    series.forget('a');
    expect(await labels()).toEqual([]);
    counter.inc({ subscription_id: series.touch('b', 0) });
    expect(await labels()).toEqual(['b']);
  });

  it('removes the series of subscriptions idle for an hour, and only those', async () => {
    const { series, counter, labels } = setUp(10);
    counter.inc({ subscription_id: series.touch('idle', 0) });
    counter.inc({ subscription_id: series.touch('busy', 0) });
    series.touch('busy', HOUR - 1);
    series.sweep(HOUR);
    expect(await labels()).toEqual(['busy']);
    expect(series.size).toBe(1);
  });

  it('never holds more series than the cap, and holds none once every subscription is deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }),
        async (max, touches) => {
          const { series, counter, labels } = setUp(max);
          for (const n of touches) counter.inc({ subscription_id: series.touch(`s${n}`, 0) });
          const own = (await labels()).filter((l) => l !== OTHER_SUBSCRIPTIONS);
          expect(own.length).toBeLessThanOrEqual(max);
          for (const n of touches) series.forget(`s${n}`);
          expect((await labels()).filter((l) => l !== OTHER_SUBSCRIPTIONS)).toEqual([]);
        },
      ),
    );
  });
});
