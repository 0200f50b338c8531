import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { signDelivery } from '../src/platform/egress/signer.js';
import type { StackCpuMs } from './stack-cpu.js';
import { percentiles, type Percentiles } from './stats.js';

export interface BaselineResult {
  deliveries: number;
  /** Requests in flight. */
  concurrency: number;
  seconds: number;
  perSecond: number;
  latencyMs: Percentiles;
  /** The loop's own CPU (its process does nothing else meanwhile) per request, ms. */
  cpuMsPerRequest: number;
  /** The durable loop's: the broker's, Postgres's and the machine's CPU per delivery, ms. */
  stackCpu?: StackCpuMs;
}

/**
 * The raw baseline: the same signed POSTs straight to the same receiver with undici, keep-alive,
 * `concurrency` requests in flight, and nothing else: no Kafka, no Postgres. The pipeline is quoted
 * as a ratio of it.
 */
export async function runBaseline(
  url: string,
  caFile: string,
  total: number,
  concurrency: number,
): Promise<BaselineResult> {
  const agent = new Agent({
    connect: { ca: readFileSync(caFile, 'utf8') },
    connections: concurrency,
    keepAliveTimeout: 30_000,
  });
  const secret = 'whsec_' + Buffer.from('bench-baseline-secret-0123456789').toString('base64');
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const sent = performance.now();
      const body = JSON.stringify({
        id: `evt_baseline_${n}`,
        type: 'order.created',
        created_at: new Date().toISOString(),
        data: { order_id: `o-${n}`, status: 'pending', total: { amount: 1200, currency: 'EUR' } },
        sequence: n + 1,
        previous_event_id: null,
      });
      const headers = {
        ...signDelivery({ msgId: `evt_baseline_${n}`, timestamp: Date.now() / 1000, body, secrets: [secret] }),
        'content-type': 'application/json',
        'user-agent': 'Hookline/bench',
      };
      const res = await request(url, { method: 'POST', dispatcher: agent, headers, body });
      await res.body.text();
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await agent.close();
  return {
    deliveries: total,
    concurrency,
    seconds,
    perSecond: total / seconds,
    latencyMs: percentiles(latencies),
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / total,
  };
}
