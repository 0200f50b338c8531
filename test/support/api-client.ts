/* eslint-disable @typescript-eslint/no-explicit-any -- raw answers are bodies of every shape, valid or not */
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { createHooklineClient, type HooklineClient } from '../../clients/typescript/index.js';

/** What the raw escape hatch answers: the status, headers, the body parsed when it is JSON, and its text. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** What the generated client answers (openapi-fetch): `data` on 2xx, the parsed error body otherwise. */
export interface TypedAnswer<D = unknown> {
  data?: D;
  error?: unknown;
  response: Response;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body): text, or bytes that need not be UTF-8. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  key?: string | null;
}

/** A JSON merge patch's media type: openapi-fetch sends application/json unless told otherwise. */
export const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };
export const JSON_PATCH = { 'content-type': 'application/json-patch+json' };

/**
 * The escape hatch: what the generated client cannot (and should not) express. Negative tests send
 * raw or malformed bodies, wrong media types, no key or a bad one, and paths outside the document;
 * paths here are whole HTTP paths, /v1 included.
 */
export class RawClient {
  constructor(
    readonly origin: string,
    readonly key: string | null,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const key = options.key === undefined ? this.key : options.key;
    const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
    let body: string | Uint8Array | undefined = options.raw;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
  patch<T = any>(path: string, body: unknown, contentType = MERGE_PATCH['content-type'], options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, {
      ...options,
      raw: JSON.stringify(body),
      headers: { 'content-type': contentType, ...options.headers },
    });
  }
}

/**
 * Calls the running app over real HTTP, as a client would: `api.GET('/webhooks/{id}', …)` and the
 * other methods are the generated client (clients/typescript), typed by the OpenAPI document, so a
 * test cannot call what the document does not describe; `api.raw` is the explicit escape hatch.
 */
export class ApiClient {
  readonly client: HooklineClient;
  readonly raw: RawClient;
  readonly GET: HooklineClient['GET'];
  readonly POST: HooklineClient['POST'];
  readonly PATCH: HooklineClient['PATCH'];
  readonly DELETE: HooklineClient['DELETE'];

  constructor(
    readonly origin: string,
    readonly key: string | null,
  ) {
    this.client = createHooklineClient({ baseUrl: `${origin}/v1`, apiKey: key });
    this.raw = new RawClient(origin, key);
    // openapi-fetch's methods do not use `this`: handed out as they are, they keep their overloads.
    ({ GET: this.GET, POST: this.POST, PATCH: this.PATCH, DELETE: this.DELETE } = this.client);
  }

  static for(app: INestApplication, key: string | null): ApiClient {
    const address = app.getHttpServer().address() as AddressInfo;
    return new ApiClient(`http://127.0.0.1:${address.port}`, key);
  }

  as(key: string | null): ApiClient {
    return new ApiClient(this.origin, key);
  }
}

/** The path parameter of the typed calls on one resource: `api.GET('/webhooks/{id}', byId(id))`. */
export const byId = (id: string) => ({ params: { path: { id } } });

/** Asserts a typed answer's status (showing the error body when it is not) and returns its data. */
export function expectData<D>(answer: TypedAnswer<D>, status: number): NonNullable<D> {
  expect({ status: answer.response.status, error: answer.error }).toEqual({ status, error: undefined });
  return answer.data as NonNullable<D>;
}

const asRaw = (answer: ApiResponse | TypedAnswer): ApiResponse =>
  'response' in answer
    ? {
        status: answer.response.status,
        headers: answer.response.headers,
        body: answer.error,
        text: typeof answer.error === 'string' ? answer.error : JSON.stringify(answer.error ?? null),
      }
    : answer;

/**
 * expectData for a call whose answer the document leaves without a schema (the delivery log, the
 * delivery statistics, …): the body as parsed, untyped.
 */
export function expectBody(answer: TypedAnswer, status: number): any {
  return expectData(answer as TypedAnswer<any>, status);
}

/** The error of a typed answer, for assertions on its details. */
export function errorOf(answer: TypedAnswer): { code: string; message: string; details: any[] } {
  return (answer.error as { error: { code: string; message: string; details: any[] } }).error;
}

/** The spec's error body, asserted on any error response, raw or typed. */
export function expectErrorBody(answer: ApiResponse | TypedAnswer, status: number, code?: string): void {
  const response = asRaw(answer);
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({
    status,
    code: code ?? response.body?.error?.code,
  });
  const error = response.body.error;
  expect(typeof error.message).toBe('string');
  expect(error.request_id).toBe(response.headers.get('x-request-id'));
  expect(error.documentation_url).toMatch(/^https:\/\//);
  expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |node_modules|QueryFailedError/);
}
