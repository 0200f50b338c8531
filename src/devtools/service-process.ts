import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AppConfig } from '../platform/config/app-config.js';
import { projectRoot } from '../platform/project-root.js';

/** The built service, whether this runs compiled (demo, bench) or from sources (tests). */
const MAIN = join(projectRoot(), 'dist/src/main.js');

/**
 * The heap the service runs with unless NODE_OPTIONS names one: Node would otherwise size it from the
 * machine's memory and let garbage pile up to several hundred MiB before collecting. A container
 * gets the same effect from its memory limit, which Node reads from the cgroup.
 */
export const DEFAULT_HEAP_MB = 384;

/**
 * Each half of the young generation, unless NODE_OPTIONS names it: with Node's default, a burst's
 * records and requests outlive two scavenges and fill the old generation, so the service ran about
 * 60 MiB larger (peak RSS 402–434 against 339–373 MiB in alternating runs at 1,000 events/s, 472
 * against 407 MiB draining a backlog of 1,000,000) at the same throughput and latency.
 */
export const DEFAULT_SEMI_SPACE_MB = 32;

/** Node's flags for the service: DEFAULT_HEAP_MB and DEFAULT_SEMI_SPACE_MB where NODE_OPTIONS sets neither. */
// NODE_OPTIONS is Node's own variable, not Hookline's: the child inherits it, so its flags are judged against it.
// eslint-disable-next-line no-restricted-properties
export function serviceNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  return [
    ...(nodeOptions.includes('--max-old-space-size') ? [] : [`--max-old-space-size=${DEFAULT_HEAP_MB}`]),
    ...(nodeOptions.includes('--max-semi-space-size') ? [] : [`--max-semi-space-size=${DEFAULT_SEMI_SPACE_MB}`]),
  ];
}

/** Longer than the service's own drain (SHUTDOWN_TIMEOUT_MS, 30 s by default). */
const STOP_GRACE_MS = 45_000;

/**
 * Where freePort looks: below Linux's ephemeral range (32768–60999), from which the OS picks both
 * `listen(0)` ports and the local ports of outgoing connections. A port taken from that range could
 * become an outgoing connection's (a test's broker or database socket) before the service listens on
 * it, and the service would fail with EADDRINUSE.
 */
const FREE_PORT_RANGE = { from: 20_000, to: 32_000 };

/** A port outside the ephemeral range, unchecked (freePort checks that it is free). */
export function portOutsideEphemeralRange(): number {
  return FREE_PORT_RANGE.from + randomInt(FREE_PORT_RANGE.to - FREE_PORT_RANGE.from);
}

/** A TCP port free on every interface right now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = portOutsideEphemeralRange();
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${FREE_PORT_RANGE.from} and ${FREE_PORT_RANGE.to}`);
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => resolve(true));
  });
  if (listening) await new Promise((r) => server.close(r));
  return listening;
}

/** The validated configuration as the environment of a child process. */
export function envOf(config: AppConfig, overrides: Record<string, string> = {}): Record<string, string> {
  // The child is configured by variables, so here the raw variables are what is needed, not the sections.
  // eslint-disable-next-line no-restricted-syntax
  return { ...Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, String(v)])), ...overrides };
}

/**
 * The built service (dist/src/main.js) as a child process, as an operator runs it: started, probed
 * for readiness, stopped with SIGTERM or killed with SIGKILL (a crash: no drain, no commit), and
 * measured (CPU seconds, peak RSS from /proc). Used by the demo, the benchmark and the e2e tests.
 */
export class ServiceProcess {
  private child?: ChildProcess;
  readonly output: string[] = [];

  /** `keepLines`: how much of its output (stdout and stderr) is kept, newest last. */
  constructor(
    private readonly env: Record<string, string>,
    private readonly entry = MAIN,
    private readonly keepLines = 500,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether it has ended, by itself or by a signal. */
  get exited(): boolean {
    return this.child !== undefined && (this.child.exitCode !== null || this.child.signalCode !== null);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** Its /metrics, on the private listener: the environment must name METRICS_PORT (not 0). */
  get metricsUrl(): string {
    const port = Number(this.env.METRICS_PORT);
    if (!port) throw new Error('give the service a METRICS_PORT to scrape it');
    return `http://127.0.0.1:${port}/metrics`;
  }

  start(): void {
    this.child = spawn(
      process.execPath,
      // The child inherits this process's environment (PATH, NODE_OPTIONS, OTEL_*), as an operator's shell gives it.
      // eslint-disable-next-line no-restricted-properties
      [...serviceNodeFlags(this.env.NODE_OPTIONS ?? process.env.NODE_OPTIONS), this.entry],
      {
        // eslint-disable-next-line no-restricted-properties
        env: { ...process.env, ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.output.length > this.keepLines) this.output.splice(0, this.output.length - this.keepLines);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  async waitReady(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && this.child?.exitCode === null) {
      try {
        if ((await fetch(`${this.baseUrl}/health/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`service did not become ready:\n${this.output.slice(-20).join('\n')}`);
  }

  /** CPU seconds (user + system) and peak resident set (MiB) so far, from /proc. */
  usage(): { cpuSeconds: number; peakRssMiB: number } {
    const pid = this.child?.pid;
    if (!pid) return { cpuSeconds: 0, peakRssMiB: 0 };
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuSeconds: ticks / 100, peakRssMiB: hwm ? Number(hwm[1]) / 1024 : 0 };
  }

  /** kill -9: the process gets no chance to drain or commit. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** SIGTERM, then the exit code (graceful shutdown exits 0); SIGKILL past the drain timeout. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return child?.exitCode ?? null;
    return new Promise((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', (code) => {
        clearTimeout(force);
        resolve(code);
      });
      child.kill('SIGTERM');
    });
  }
}
