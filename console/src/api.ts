import { session } from './session';

/** The API's error body (docs/errors.md). */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: { field?: string; message: string }[]; request_id?: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

export interface Subscription {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: 'active' | 'failing' | 'disabled';
  status_reason: string | null;
  metadata: Record<string, string>;
  alert_url: string | null;
  status_changed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

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

export interface Operation {
  id: string;
  kind: 'report' | 'recovery' | 'redrive';
  status: 'PENDING' | 'IN_PROGRESS' | 'CANCELLING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  progress: number;
  estimated_completion: string | null;
  created_at: string;
  finished_at: string | null;
  result_url: string | null;
  parameters: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: string; message: string };
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

export interface DeliveryStats {
  from: string;
  to: string;
  totals: Record<string, number>;
  buckets: { minute: string; outcomes: Record<string, number>; p50_ms: number; p95_ms: number; p99_ms: number }[];
}

export interface EventType {
  type: string;
  description: string;
  schema: Record<string, unknown>;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A proxy in front may answer with HTML: then there is no error body, only the status. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Called when the API answers 401: the key is wrong or revoked, so the console signs out. */
let onUnauthorized = () => {};
export const setUnauthorizedHandler = (handler: () => void) => (onUnauthorized = handler);

/** One typed fetch wrapper: Bearer key from the session, JSON in and out, the error body as ApiError. */
export async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const key = session.key();
  const response = await fetch(`/v1${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const parsed = parseJson(text);
  if (!response.ok) {
    const err = (parsed as ApiErrorBody | undefined)?.error;
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, err?.code ?? 'HTTP_ERROR', err?.message ?? `HTTP ${response.status}`);
  }
  return parsed as T;
}

export const get = <T>(path: string, query?: Query) => api<T>('GET', withQuery(path, query));
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body);

/** A report is a file: fetched with the key in the header, then saved through a blob URL. */
export async function download(path: string, filename: string, accept: string): Promise<void> {
  const response = await fetch(`/v1${path}`, {
    headers: { authorization: `Bearer ${session.key() ?? ''}`, accept },
  });
  if (!response.ok) throw new ApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
