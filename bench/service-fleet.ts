import type { ServiceProcess } from '../src/devtools/service-process.js';
import { startService } from './context.js';
import { settings } from './settings.js';

/**
 * The roles of each service process a scenario runs: every role in one process (the default), or
 * ingest apart from delivery (`BENCH_PROCESSES=2`), as a production deployment splits its roles.
 */
const SHAPES: Record<number, string[]> = { 1: ['all'], 2: ['ingest', 'delivery,retry,api,operations'] };

/** The service of one scenario: one or more processes of the same deployment, measured together. */
export class BenchService {
  private constructor(private readonly processes: { roles: string; child: ServiceProcess }[]) {}

  static async start(prefix: string): Promise<BenchService> {
    const shape = SHAPES[settings.processes];
    if (!shape) throw new Error(`BENCH_PROCESSES must be one of ${Object.keys(SHAPES).join(', ')}`);
    return new BenchService(
      await Promise.all(shape.map(async (roles) => ({ roles, child: await startService(prefix, { ROLES: roles }) }))),
    );
  }

  /** CPU seconds of all processes together; the peak RSS of the largest (each has its own heap). */
  usage(): { cpuSeconds: number; peakRssMiB: number } {
    const each = this.processes.map((p) => p.child.usage());
    return {
      cpuSeconds: each.reduce((sum, u) => sum + u.cpuSeconds, 0),
      peakRssMiB: Math.max(...each.map((u) => u.peakRssMiB)),
    };
  }

  /** CPU seconds of each process, by its roles: so far, or since `since` (an earlier reading). */
  cpuByRoles(since: Record<string, number> = {}): Record<string, number> {
    return Object.fromEntries(this.processes.map((p) => [p.roles, p.child.usage().cpuSeconds - (since[p.roles] ?? 0)]));
  }

  /**
   * Fan-out's tasks so far by lane (hookline_ingest_tasks_total), every process together: direct
   * (delivered by ingest itself), deliveries (through the topic) or deferral.
   */
  async tasksByLane(): Promise<Record<string, number>> {
    const lanes: Record<string, number> = {};
    for (const { child } of this.processes) {
      const text = await (await fetch(child.metricsUrl).catch(() => undefined))?.text();
      for (const [, lane, value] of (text ?? '').matchAll(/^hookline_ingest_tasks_total\{lane="(\w+)"\} (\S+)$/gm))
        lanes[lane] = (lanes[lane] ?? 0) + Number(value);
    }
    return lanes;
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.child.stop()));
  }
}
