/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies of every shape */
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
  key?: string | null;
}

/** Calls the running app over real HTTP with fetch, as a client would. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly key: string | null,
  ) {}

  static for(app: INestApplication, key: string | null): ApiClient {
    const address = app.getHttpServer().address() as AddressInfo;
    return new ApiClient(`http://127.0.0.1:${address.port}`, key);
  }

  as(key: string | null): ApiClient {
    return new ApiClient(this.baseUrl, key);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const key = options.key === undefined ? this.key : options.key;
    const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}) };
    let body: string | undefined = options.raw;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
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
  patch<T = any>(
    path: string,
    body: unknown,
    contentType = 'application/merge-patch+json',
    options: RequestOptions = {},
  ) {
    return this.request<T>('PATCH', path, {
      ...options,
      raw: JSON.stringify(body),
      headers: { 'content-type': contentType, ...options.headers },
    });
  }
}

/** The spec's error body, asserted on any error response. */
export function expectErrorBody(response: ApiResponse, status: number, code?: string): void {
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
