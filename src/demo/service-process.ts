import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built service as a child process, as an operator would run it. */
export class ServiceProcess {
  private child?: ChildProcess;
  readonly output: string[] = [];

  constructor(
    private readonly env: Record<string, string>,
    /** The compiled entry point; tests running from sources pass dist/src/main.js. */
    private readonly entry = fileURLToPath(new URL('../main.js', import.meta.url)),
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  start(): void {
    this.child = spawn(process.execPath, [this.entry], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString().split('\n').filter(Boolean));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  /** Polls /health/ready; fails with the service's own last words when it died or never got ready. */
  async waitReady(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.child?.exitCode !== null) break;
      try {
        if ((await fetch(`${this.baseUrl}/health/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`service did not become ready:\n${this.output.slice(-15).join('\n')}`);
  }

  /** SIGTERM, then the exit code (graceful shutdown exits 0). */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    return new Promise((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  }
}
