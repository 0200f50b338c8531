import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { freePort } from '../../src/devtools/service-process.js';
import { projectRoot } from '../../src/platform/project-root.js';

export interface RegistryFrontCredentials {
  username: string;
  password: string;
  token: string;
}

/** One request the front answered: its status, who it let in (basic, bearer, or nobody) and its path. */
export interface FrontRequest {
  status: number;
  client: string;
  uri: string;
}

/**
 * The schema registry as a managed one is reached: over HTTPS with a certificate of a private CA,
 * and only with credentials. nginx (deploy/local/nginx.sh, as the bench uses it) terminates TLS,
 * lets a request through when its Authorization header is the Basic credentials or the bearer
 * token given, answers 401 otherwise, and passes the rest to the real registry behind it (Apicurio,
 * which itself runs without auth on the loopback).
 */
export class RegistryFront {
  readonly caFile: string;
  private readonly dir = mkdtempSync(join(tmpdir(), 'hookline-registry-front-'));
  private child?: ChildProcess;
  private port = 0;

  constructor(
    private readonly upstream: string,
    private readonly credentials: RegistryFrontCredentials,
  ) {
    this.caFile = join(this.dir, 'ca.pem');
  }

  /** The registry's URL through the front (path included), e.g. https://127.0.0.1:PORT/apis/ccompat/v7. */
  get url(): string {
    return `https://127.0.0.1:${this.port}${new URL(this.upstream).pathname.replace(/\/+$/, '')}`;
  }

  async start(): Promise<this> {
    const pems = await generate([{ name: 'commonName', value: 'registry.local' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    writeFileSync(join(this.dir, 'key.pem'), pems.private);
    writeFileSync(this.caFile, pems.cert);
    this.port = await freePort();
    writeFileSync(join(this.dir, 'nginx.conf'), this.config());
    writeFileSync(join(this.dir, 'access.log'), '');
    const nginx = execFileSync(join(projectRoot(), 'deploy/local/nginx.sh'), { encoding: 'utf8' }).trim();
    this.child = spawn(nginx, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf')], { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) =>
      this.child!.once('exit', (code) =>
        reject(new Error(`nginx exited (${code}): nginx -t -p ${this.dir} -c nginx.conf says why`)),
      ),
    );
    await Promise.race([exited, listening(this.port)]);
    return this;
  }

  /** Every request answered so far (the access log is written unbuffered). */
  requests(): FrontRequest[] {
    return readFileSync(join(this.dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [status, client, uri] = line.split(' ');
        return { status: Number(status), client: client === '-' ? '' : client, uri };
      });
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
  }

  private config(): string {
    const { username, password, token } = this.credentials;
    const basic = Buffer.from(`${username}:${password}`).toString('base64');
    const upstream = new URL(this.upstream);
    const user = process.getuid?.() === 0 ? 'user root;' : '';
    return `${user}
daemon off;
worker_processes 1;
pid ${this.dir}/nginx.pid;
error_log ${this.dir}/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${this.dir}/body;
  proxy_temp_path ${this.dir}/proxy;
  fastcgi_temp_path ${this.dir}/fastcgi;
  uwsgi_temp_path ${this.dir}/uwsgi;
  scgi_temp_path ${this.dir}/scgi;
  # The keys are whole Authorization headers, longer than the default bucket holds.
  map_hash_bucket_size 256;
  map $http_authorization $registry_client {
    default "";
    "Basic ${basic}" basic;
    "Bearer ${token}" bearer;
  }
  log_format front '$status $registry_client $uri';
  access_log ${this.dir}/access.log front;
  server {
    listen 127.0.0.1:${this.port} ssl;
    ssl_certificate ${this.dir}/ca.pem;
    ssl_certificate_key ${this.dir}/key.pem;
    location / {
      if ($registry_client = "") {
        add_header WWW-Authenticate 'Basic realm="registry"' always;
        return 401 '{"error_code":401,"message":"Unauthorized"}';
      }
      proxy_set_header Authorization "";
      proxy_pass http://${upstream.host};
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
