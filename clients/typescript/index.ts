import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** The document's schemas by name, e.g. `Schemas['SubscriptionResource']`. */
export type Schemas = components['schemas'];
export type HooklineClient = Client<paths>;

/** An API key, or a function asked on every request (a key that may change, as in the console). */
export type ApiKey = string | null | undefined | (() => string | null | undefined);

export interface HooklineClientOptions extends ClientOptions {
  /**
   * The origin followed by the document's server, `/v1`: `https://hookline.example/v1`, or just
   * `/v1` in a browser on the API's origin. The generated paths carry no version.
   */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>` unless the call sets its own authorization header. */
  apiKey?: ApiKey;
}

function bearer(apiKey: ApiKey): Middleware {
  return {
    onRequest({ request }) {
      const key = typeof apiKey === 'function' ? apiKey() : apiKey;
      if (key && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${key}`);
      return request;
    },
  };
}

/**
 * A typed client for the Hookline API: every path, parameter, body and response is checked against
 * the OpenAPI document (schema.d.ts). Calls answer `{ data, error, response }` and never throw for
 * an HTTP status; `error` is the API's error body.
 */
export function createHooklineClient({ apiKey, ...options }: HooklineClientOptions): HooklineClient {
  const client = createClient<paths>(options);
  client.use(bearer(apiKey));
  return client;
}
