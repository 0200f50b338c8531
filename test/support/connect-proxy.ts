import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/devtools/service-process.js';
import { projectRoot } from '../../src/platform/project-root.js';

/**
 * A real HTTP CONNECT proxy for the egress tests: Debian's tinyproxy (deploy/local/tinyproxy.sh
 * installs it), on a free port of 127.0.0.1, demanding Basic credentials, and connecting onwards
 * from `outboundAddress` (another loopback address), so a receiver can tell a proxied request from a
 * direct one by its source address. Its log names every tunnel it was asked for.
 */
export class ConnectProxy {
  readonly user = 'egress';
  readonly password = `pw-${Math.random().toString(36).slice(2)}`;
  port = 0;
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hookline-proxy-'));

  constructor(readonly outboundAddress = '127.0.0.2') {}

  /** EGRESS_PROXY_URL for this proxy (with its credentials). */
  get url(): string {
    return `http://${this.user}:${this.password}@127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const binary = execFileSync(join(projectRoot(), 'deploy/local/tinyproxy.sh'), { encoding: 'utf8' }).trim();
    this.port = await freePort();
    // tinyproxy may drop to another user: the folder and its log must stay writable for it.
    chmodSync(this.dir, 0o777);
    const config = join(this.dir, 'tinyproxy.conf');
    writeFileSync(
      config,
      [
        `Port ${this.port}`,
        'Listen 127.0.0.1',
        `Bind ${this.outboundAddress}`,
        'Timeout 60',
        `LogFile "${this.logFile}"`,
        'LogLevel Connect',
        'MaxClients 100',
        'Allow 127.0.0.1',
        `BasicAuth ${this.user} ${this.password}`,
        'DisableViaHeader Yes',
      ].join('\n'),
    );
    this.child = spawn(binary, ['-d', '-c', config], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (!this.log().includes('Reloading config file finished') && !this.log().includes('listening')) {
      if (Date.now() > until || this.child.exitCode !== null)
        throw new Error(`tinyproxy did not start:\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 200));
    return this;
  }

  private get logFile(): string {
    return join(this.dir, 'tinyproxy.log');
  }

  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** The authority of every CONNECT the proxy was asked for, in order (`127.0.0.1:8443`). */
  tunnels(): string[] {
    return [...this.log().matchAll(/Request \(file descriptor \d+\): CONNECT (\S+) HTTP/g)].map((m) => m[1]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
