import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../src/platform/project-root.js';

/** One request nginx answered: when (ms since the epoch), its path and its webhook-id header. */
export interface LoggedRequest {
  at: number;
  uri: string;
  webhookId: string;
}

export interface NginxFrontOptions {
  /** Folder for the configuration, certificate, log and nginx's temporary files. */
  dir: string;
  key: string;
  cert: string;
  httpsPort: number;
  /** Where requests to /hang/ are passed, over plain HTTP (the process that can hold them). */
  hangUpstreamPort: number;
}

/**
 * The benchmark's TLS receiver as issue 14 sets it up: nginx, one worker, answering 200 itself.
 * Every answered request is written to an access log (buffered, as a production nginx logs), which
 * `drain()` reads incrementally; paths under /hang/ go on to a process that can hold them.
 */
export class NginxFront {
  private child?: ChildProcess;
  private readonly logFile: string;
  private logFd = -1;
  private offset = 0;
  private partial = '';
  private readonly chunk = Buffer.alloc(1 << 20);

  constructor(private readonly options: NginxFrontOptions) {
    this.logFile = join(options.dir, 'access.log');
  }

  async start(): Promise<void> {
    const { dir } = this.options;
    writeFileSync(join(dir, 'key.pem'), this.options.key);
    writeFileSync(join(dir, 'cert.pem'), this.options.cert);
    writeFileSync(join(dir, 'nginx.conf'), this.config());
    writeFileSync(this.logFile, '');
    this.logFd = openSync(this.logFile, 'r');
    const nginx = execFileSync(join(projectRoot(), 'deploy/local/nginx.sh'), { encoding: 'utf8' }).trim();
    this.child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
    process.on('exit', () => this.stop());
    const exited = new Promise<never>((_, reject) => {
      this.child!.once('error', reject);
      this.child!.once('exit', (code) => reject(new Error(`nginx exited (${code}); see ${dir}/error.log`)));
    });
    await Promise.race([exited, listening(this.options.httpsPort)]);
  }

  /** The requests logged since the last drain, in log order. */
  drain(): LoggedRequest[] {
    let text = this.partial;
    for (;;) {
      const read = readSync(this.logFd, this.chunk, 0, this.chunk.length, this.offset);
      if (read === 0) break;
      this.offset += read;
      text += this.chunk.toString('utf8', 0, read);
    }
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    return lines.filter(Boolean).map(parseLine);
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
    if (this.logFd >= 0) closeSync(this.logFd);
    this.logFd = -1;
  }

  private config(): string {
    const { dir, httpsPort, hangUpstreamPort } = this.options;
    // nginx drops its workers to `nobody` only when started as root; the log is opened by the master.
    const user = process.getuid?.() === 0 ? 'user root;' : '';
    return `${user}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 16m;
  keepalive_requests 10000000;
  keepalive_timeout 75s;
  log_format bench '$msec $uri $http_webhook_id';
  access_log ${this.logFile} bench buffer=256k flush=100ms;
  upstream hang { server 127.0.0.1:${hangUpstreamPort}; keepalive 512; }
  server {
    listen 127.0.0.1:${httpsPort} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / { default_type application/json; return 200 '{"ok":true}'; }
    location /hang/ {
      proxy_pass http://hang;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_read_timeout 600s;
      access_log off;
    }
  }
}
`;
  }
}

/** Resolves once something accepts connections on the port (nginx has no readiness signal). */
async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

function parseLine(line: string): LoggedRequest {
  const [msec, uri, webhookId] = line.split(' ');
  return { at: Math.round(Number(msec) * 1000), uri, webhookId: webhookId ?? '-' };
}
