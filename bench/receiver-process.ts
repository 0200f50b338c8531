import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ReceiverCommand, ReceiverStats } from './receiver.js';

/** Drives bench/receiver.ts in its own process. */
export class ReceiverProcess {
  private child?: ChildProcess;
  port = 0;
  caFile = '';

  async start(): Promise<this> {
    this.child = fork(fileURLToPath(new URL('./receiver.js', import.meta.url)), [], { stdio: 'inherit' });
    const [ready] = (await once(this.child, 'message')) as [{ port: number; caFile: string }];
    this.port = ready.port;
    this.caFile = ready.caFile;
    return this;
  }

  url(path: string): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async ask<T>(command: ReceiverCommand): Promise<T> {
    const reply = once(this.child!, 'message') as Promise<[T]>;
    this.child!.send(command);
    return (await reply)[0];
  }

  async reset(): Promise<void> {
    await this.ask({ type: 'reset' });
  }

  /** Paths under /hang/ hold each request for `ms` from now on. */
  async hang(ms: number): Promise<void> {
    await this.ask({ type: 'hang', ms });
  }

  /** Answers every held request and stops hanging. */
  async release(): Promise<void> {
    await this.ask({ type: 'release' });
  }

  /** With samples, every latency and arrival since the last reset; without, their arrays are empty. */
  async stats(samples = true): Promise<ReceiverStats> {
    return (await this.ask<{ stats: ReceiverStats }>({ type: 'stats', samples })).stats;
  }

  stop(): void {
    this.child?.disconnect();
  }
}
