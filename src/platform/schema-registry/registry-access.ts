import { readFileSync } from 'node:fs';
import { Agent as HttpsAgent } from 'node:https';
import type { SchemaRegistryAPIClientArgs } from '@kafkajs/confluent-schema-registry/dist/api/index.js';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import type { AppConfig } from '../config/app-config.js';
import type { RegistryConnection } from '../config/connection-security.js';

/**
 * How Hookline reaches the schema registry: its URL (user-info moved out of it), the Authorization
 * header (Basic from SCHEMA_REGISTRY_USERNAME/PASSWORD or the URL, or a bearer token) and, for an
 * https registry with SCHEMA_REGISTRY_CA_FILE, only those CAs trusted. Both registry clients (the
 * ingest decoder's and the event-type source's) use it; certificates are always verified.
 */
export class RegistryAccess {
  readonly url: string;
  private readonly authorization?: string;
  private readonly ca?: string[];
  private dispatcher?: Agent;
  private httpsAgent?: HttpsAgent;

  constructor(connection: RegistryConnection) {
    this.url = connection.url;
    const { auth } = connection;
    if (auth?.kind === 'basic')
      this.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    if (auth?.kind === 'bearer') this.authorization = `Bearer ${auth.token}`;
    this.ca = connection.caFile ? [readFileSync(connection.caFile, 'utf8')] : undefined;
  }

  /** GET (or another method) of a path under the registry URL, with the credentials and CAs. */
  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    this.dispatcher ??= new Agent({ connect: { rejectUnauthorized: true, ...(this.ca ? { ca: this.ca } : {}) } });
    const headers = { ...(init.headers as Record<string, string>), ...this.authHeader() };
    return fetch(`${this.url}${path}`, { ...init, headers, dispatcher: this.dispatcher });
  }

  /**
   * The arguments of @kafkajs/confluent-schema-registry's client: the header by a middleware, the CAs
   * by an agent; the caller's own middlewares (a deadline) run beside it.
   */
  clientArgs(options: Pick<SchemaRegistryAPIClientArgs, 'retry' | 'middlewares'> = {}): SchemaRegistryAPIClientArgs {
    const authorization = this.authorization;
    this.httpsAgent ??= new HttpsAgent({
      keepAlive: true,
      rejectUnauthorized: true,
      ...(this.ca ? { ca: this.ca } : {}),
    });
    const credentials: NonNullable<SchemaRegistryAPIClientArgs['middlewares']> = authorization
      ? [
          () => ({
            prepareRequest: (next) => next().then((request) => request.enhance({ headers: { authorization } })),
          }),
        ]
      : [];
    return {
      host: this.url,
      ...options,
      ...(this.url.startsWith('https:') ? { agent: this.httpsAgent } : {}),
      middlewares: [...credentials, ...(options.middlewares ?? [])],
    };
  }

  private authHeader(): Record<string, string> {
    return this.authorization ? { authorization: this.authorization } : {};
  }
}

const accesses = new WeakMap<AppConfig, RegistryAccess>();

/** One RegistryAccess per configuration: its connections are pooled across both clients. */
export function registryAccessOf(config: AppConfig): RegistryAccess {
  let access = accesses.get(config);
  if (!access) accesses.set(config, (access = new RegistryAccess(config.registry)));
  return access;
}
