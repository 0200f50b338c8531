import { randomUUID } from 'node:crypto';

/** The operation object as GET /v1/operations/{id} returns it (the fields the CLI reads). */
export interface OperationState {
  id: string;
  kind: string;
  status: string;
  progress: number;
  estimated_completion: string | null;
  result_url: string | null;
  result?: Record<string, unknown>;
  error?: { code: string; message: string };
}

export class ApiCallError extends Error {}

/** The REST API as the CLI uses it: bearer key, JSON, the error body's code and message on failure. */
export class OperationsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** Starts an operation; a fresh Idempotency-Key makes a repeated send of this request harmless. */
  async start(path: string, body: object): Promise<{ id: string; status: string }> {
    const response = await this.call('POST', path, body, { 'idempotency-key': randomUUID() });
    return (await response.json()) as { id: string; status: string };
  }

  async get(id: string): Promise<OperationState> {
    return (await (await this.call('GET', `/v1/operations/${id}`)).json()) as OperationState;
  }

  async cancel(id: string): Promise<OperationState> {
    return (await (await this.call('POST', `/v1/operations/${id}/cancellation`)).json()) as OperationState;
  }

  /** The raw response of a result path (reports stream their CSV or JSON). */
  download(path: string): Promise<Response> {
    return this.call('GET', path, undefined, { accept: '*/*' });
  }

  private async call(method: string, path: string, body?: object, headers: Record<string, string> = {}) {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.apiKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error: Error & { cause?: Error }) => {
      throw new ApiCallError(`cannot reach ${this.baseUrl}: ${error.cause?.message ?? error.message}`);
    });
    if (!response.ok) {
      const text = await response.text();
      let detail = text;
      try {
        const { error } = JSON.parse(text) as { error: { code: string; message: string; details?: object[] } };
        detail = `${error.code}: ${error.message}${error.details?.length ? ` ${JSON.stringify(error.details)}` : ''}`;
      } catch {
        // not the API's error body: show it as is
      }
      throw new ApiCallError(`${method} ${path} answered ${response.status} ${detail}`.trim());
    }
    return response;
  }
}
