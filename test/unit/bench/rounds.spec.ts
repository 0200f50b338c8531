import type { BaselineResult } from '../../../bench/baseline.js';
import { burstCpuRatios, burstRatios, type Round } from '../../../bench/rounds.js';
import type { FanoutResult } from '../../../bench/scenario-fanout.js';

/** A round with only the figures the ratios read: rates and CPU a delivery. */
function round(
  durable: { perSecond: number; cpuMs: number },
  cases: { subs: number; perSecond: number; cpuMs: number }[],
) {
  return {
    baseline: { perSecond: 10_000, cpuMsPerRequest: 0.1 } as BaselineResult,
    durable: { perSecond: durable.perSecond, cpuMsPerRequest: durable.cpuMs } as BaselineResult,
    fanout: cases.map(
      (c) =>
        ({
          subscriptions: c.subs,
          throughput: { perSecond: c.perSecond },
          service: { burstCpuMsPerDelivery: c.cpuMs },
        }) as FanoutResult,
    ),
  } satisfies Round;
}

describe('bench ratios over rounds', () => {
  const rounds = [
    round({ perSecond: 8_000, cpuMs: 0.1 }, [
      { subs: 1, perSecond: 4_000, cpuMs: 0.25 },
      { subs: 10, perSecond: 2_000, cpuMs: 0.3 },
    ]),
    round({ perSecond: 10_000, cpuMs: 0.12 }, [
      { subs: 1, perSecond: 4_000, cpuMs: 0.36 },
      { subs: 10, perSecond: 3_000, cpuMs: 0.24 },
    ]),
    round({ perSecond: 5_000, cpuMs: 0.2 }, [
      { subs: 1, perSecond: 4_000, cpuMs: 0.4 },
      { subs: 10, perSecond: 2_500, cpuMs: 0.5 },
    ]),
  ];

  it('divides each round’s CPU a delivery by the durable loop’s of that same round, and takes the median', () => {
    const cpu = burstCpuRatios(rounds);
    expect(cpu.get(1)?.values).toEqual([2.5, 3, 2].map((v) => expect.closeTo(v, 9) as number));
    expect(cpu.get(1)?.median).toBeCloseTo(2.5, 9);
    expect(cpu.get(10)?.values).toEqual([3, 2, 2.5].map((v) => expect.closeTo(v, 9) as number));
    expect(cpu.get(10)?.spreadPct).toBeCloseTo(20, 9);
  });

  it('takes rate ratios to the durable loop within each round, not across them', () => {
    expect(burstRatios(rounds, 'durable').get(1)?.values).toEqual([0.5, 0.4, 0.8]);
    expect(burstRatios(rounds, 'durable').get(1)?.median).toBe(0.5);
  });
});
