import { readdirSync, readFileSync } from 'node:fs';
import { db } from './context.js';

/** CPU seconds spent between two readings, by the parts of the stack a delivery passes through. */
export interface StackCpu {
  /** The Kafka broker's JVM (every client's traffic: other runs on a shared machine count too). */
  brokerSeconds: number;
  /** Postgres backends connected to the bench's database (the WAL writer and checkpointer are not counted). */
  postgresSeconds: number;
  /** Every core's busy time (user, nice, system, irq, softirq) on the machine: the share the rest took. */
  machineSeconds: number;
}

/** Per delivery, ms: the same parts. */
export type StackCpuMs = { [K in keyof StackCpu as K extends `${infer P}Seconds` ? `${P}Ms` : never]: number };

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** A process's user + system CPU seconds so far; 0 for a process that is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The machine's busy seconds, all cores, from /proc/stat's first line. */
function machineSeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

let brokerPids: number[] | undefined;

/** The broker's JVM: the process whose command line runs kafka.Kafka (found once). */
function findBrokers(): number[] {
  brokerPids ??= readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('kafka.Kafka');
      } catch {
        return false;
      }
    })
    .map(Number);
  return brokerPids;
}

async function postgresBackends(): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  return rows.map((r) => r.pid);
}

interface Reading {
  broker: number;
  postgres: Map<number, number>;
  machine: number;
}

async function read(): Promise<Reading> {
  const postgres = new Map((await postgresBackends()).map((pid) => [pid, processSeconds(pid)]));
  const broker = findBrokers().reduce((sum, pid) => sum + processSeconds(pid), 0);
  return { broker, postgres, machine: machineSeconds() };
}

/**
 * Reads the broker's, Postgres's and the machine's CPU from /proc now; `stop()` returns what each
 * spent since. Postgres backends are those of the bench's database at either reading (a pooled
 * connection lives through a run; one that came and went between them is missed).
 */
export async function meterStack(): Promise<{ stop(): Promise<StackCpu> }> {
  const before = await read();
  return {
    async stop() {
      const after = await read();
      let postgresSeconds = 0;
      for (const [pid, seconds] of after.postgres) postgresSeconds += seconds - (before.postgres.get(pid) ?? 0);
      return {
        brokerSeconds: after.broker - before.broker,
        postgresSeconds,
        machineSeconds: after.machine - before.machine,
      };
    },
  };
}

/** Each part's CPU per delivery, ms. */
export function perDelivery(cpu: StackCpu, deliveries: number): StackCpuMs {
  const ms = (seconds: number) => (seconds * 1000) / Math.max(1, deliveries);
  return {
    brokerMs: ms(cpu.brokerSeconds),
    postgresMs: ms(cpu.postgresSeconds),
    machineMs: ms(cpu.machineSeconds),
  };
}
