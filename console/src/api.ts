import { createHooklineClient, type Schemas } from '../../clients/typescript/index';
import { session } from './session';

/** The API's error body (docs/errors.md). */
export type ApiErrorBody = Schemas['ErrorBodyDto'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field details of a 422: each field at fault, and a filter's position. */
    readonly details: NonNullable<ApiErrorBody['error']['details']> = [],
  ) {
    super(details.length ? `${message} ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}` : message);
  }
}

export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

// Resources the OpenAPI document describes, as the generated client types them.
export type Subscription = Schemas['SubscriptionResource'];
export type Operation = Schemas['OperationResource'];
export type DeliveryStats = Schemas['DeliveryStats'];
export type EventType = Schemas['EventTypeResource'];
export type ApiKey = Schemas['ApiKeyResource'];
export type CreatedApiKey = Schemas['CreatedApiKey'];

// Answers the document does not describe yet (no response schema): typed here, by hand, until it does.
export interface Circuit {
  state: 'closed' | 'open' | 'half_open';
  consecutive_failures: number;
  window_attempts: number;
  window_failures: number;
  opened_at: string | null;
  next_probe_at: string | null;
  reason: string | null;
}

export interface Attempt {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: string;
  outcome: string;
  status_code: number | null;
  response_time_ms: number;
  requested_at: string;
  next_attempt_at: string | null;
  error: string | null;
  trace_id: string | null;
  response_body?: string | null;
  response_headers?: Record<string, string> | null;
  request?: { method: string; url: string | null; headers: Record<string, string>; body: unknown; note: string };
}

export interface DeadLetter {
  id: string;
  subscription_id: string | null;
  reason: string;
  detail: string;
  event_id: string | null;
  event_type: string | null;
  created_at: string;
  redriven_at: string | null;
  redriven_by: string | null;
}

/** Called when the API answers 401: the key is wrong or revoked, so the console signs out. */
let onUnauthorized = () => {};
export const setUnauthorizedHandler = (handler: () => void) => (onUnauthorized = handler);

/**
 * The generated client (clients/typescript) on the page's origin: the session's key on every call,
 * JSON asked for, and a 401 signs out whichever call received it.
 */
export const client = createHooklineClient({
  baseUrl: '/v1',
  apiKey: () => session.key(),
  headers: { accept: 'application/json' },
});
client.use({
  onResponse({ response }) {
    if (response.status === 401) onUnauthorized();
  },
});

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The data of a call, or its error body as an ApiError. A proxy in front may answer with HTML: then
 * openapi-fetch hands the text over as the error, and only the status is known.
 */
export async function call<D>(pending: Promise<Answer<D>>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    const body = typeof error === 'object' ? (error as Partial<ApiErrorBody> | null)?.error : undefined;
    throw new ApiError(
      response.status,
      body?.code ?? 'HTTP_ERROR',
      body?.message ?? `HTTP ${response.status}`,
      body?.details ?? [],
    );
  }
  return data as D;
}

/** A report is a file: fetched with the key in the header, then saved through a blob URL. */
export async function downloadReport(id: string, filename: string, accept: string): Promise<void> {
  const blob = await call(
    client.GET('/reports/{id}', { params: { path: { id } }, headers: { accept }, parseAs: 'blob' }),
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** A whole subscription: without `fields` the API answers every member (the document types the narrowed form). */
export function getSubscription(id: string): Promise<Subscription> {
  return call(client.GET('/webhooks/{id}', { params: { path: { id } } })) as Promise<Subscription>;
}
