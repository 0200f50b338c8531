// Generated from openapi.json by openapi-typescript: do not edit. Regenerate with `npm run client:generate`.

export interface paths {
  '/event-types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The event catalog, by name; filters prefix, source, include_archived */
    get: operations['EventTypesController_list_v1'];
    put?: never;
    /** Define an event type (operator keys only) */
    post: operations['EventTypesController_create_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-types/{type}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One event type, archived or not (ETag header) */
    get: operations['EventTypesController_get_v1'];
    put?: never;
    post?: never;
    /** Archive (operator keys only): stays readable, existing subscribers keep receiving */
    delete: operations['EventTypesController_archive_v1'];
    options?: never;
    head?: never;
    /** Merge patch of description, schema, examples (operator keys only); a schema change is a new version */
    patch: operations['EventTypesController_patch_v1'];
    trace?: never;
  };
  '/event-types/{type}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The type's schema versions, newest first */
    get: operations['EventTypesController_versions_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/filter-tests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Evaluate a filter against an event; 422 when the filter does not compile */
    post: operations['FilterTestsController_test_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/filter-tests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Whether the subscription would receive an event: its types and its filter (or one sent) */
    post: operations['FilterTestsController_testSubscription_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List subscriptions: cursor (after) or offset pagination, filters, sort, fields, expand */
    get: operations['WebhooksController_list_v1'];
    put?: never;
    /** Register a subscription; the URL must answer a signed url_verification challenge first */
    post: operations['WebhooksController_create_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a subscription (ETag header = its version) */
    get: operations['WebhooksController_get_v1'];
    put?: never;
    post?: never;
    /** Delete a subscription; deliveries to it stop */
    delete: operations['WebhooksController_remove_v1'];
    options?: never;
    head?: never;
    /** Change url, events, description, metadata or alert_url; a new url is verified again */
    patch: operations['WebhooksController_patch_v1'];
    trace?: never;
  };
  '/webhooks/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create up to BATCH_MAX_ITEMS subscriptions; one result per item, in order */
    post: operations['WebhookActionsController_createBatch_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Enable a disabled or failing subscription; deliveries resume */
    post: operations['WebhookActionsController_enable_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Disable a subscription; no deliveries until enabled again */
    post: operations['WebhookActionsController_disable_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/secret-rotations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate the signing secret; previous secrets keep signing during the grace period (default 24 h) */
    post: operations['WebhookActionsController_rotate_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deprecated alias of POST /v1/webhooks/{id}/secret-rotations
     * @deprecated
     * @description Deprecated since 2025-01-01T00:00:00Z; answers until its Sunset, 2026-12-31T00:00:00Z; use /webhooks/{id}/secret-rotations instead.
     */
    post: operations['WebhookActionsController_rotateLegacy_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/signing-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The Ed25519 public keys (whpk_…) the subscription's v1a signatures verify with */
    get: operations['SigningKeyController_signingKey_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The API keys, newest first: prefix, scopes, state, last use; never the key */
    get: operations['ApiKeysController_list_v1'];
    put?: never;
    /** Create an API key; the key is in this answer only */
    post: operations['ApiKeysController_create_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an API key: refused by every instance within 2 s; the row stays, revoked */
    delete: operations['ApiKeysController_revoke_v1'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Delivery attempts of a subscription, newest first */
    get: operations['DeliveryLogController_list_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/delivery-stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Per-minute delivery counts by outcome and latency p50/p95/p99 of a subscription (last 1–24 h) */
    get: operations['DeliveryLogController_stats_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries/{attemptId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One delivery attempt: the response (snippet, headers) and the request rebuilt from the event store */
    get: operations['DeliveryLogController_get_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events/{eventId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every attempt of one event across the tenant's subscriptions */
    get: operations['DeliveryLogController_forEvent_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/circuit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A subscription's circuit breaker: closed, open or half_open, with counters */
    get: operations['CircuitController_get_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/operations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The tenant's operations, newest first; filter by status and kind */
    get: operations['OperationsController_list_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/operations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One operation: status, progress, estimated completion, result_url or error */
    get: operations['OperationsController_get_v1'];
    put?: never;
    post?: never;
    /** Same as POST /v1/operations/{id}/cancellation */
    delete: operations['OperationsController_cancelByDelete_v1'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/operations/{id}/result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What a completed recovery or redrive did (counts); reports are at /v1/reports/{id} */
    get: operations['OperationsController_result_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/operations/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Restart a FAILED operation from its last checkpoint; any other state is 409 */
    post: operations['OperationsController_retry_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/operations/{id}/cancellation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel: PENDING → CANCELLED at once, IN_PROGRESS → CANCELLING → CANCELLED; finished → 409 */
    post: operations['OperationsController_cancelByPost_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/recoveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Re-deliver the subscription's events of a window (latest attempt failed, or all) with their original ids */
    post: operations['RecoveriesController_start_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dead-letters/redrives': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Put parked delivery tasks (DLQ) back on the delivery topic; every filter optional */
    post: operations['RedrivesController_start_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dead-letters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The tenant's dead letters, newest first: parked deliveries and alerts (with the redrive that took each one) and refused events */
    get: operations['DeadLettersController_list_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a delivery report: attempts, success ratio, latency p50/p95/p99 */
    post: operations['ReportsController_start_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A completed report, streamed as the CSV or JSON it was requested in */
    get: operations['ReportsController_get_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/re-encryptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Operator keys only: seal every stored secret again with the newest key of SECRETS_ENCRYPTION_KEYS, while deliveries go on; follow its progress at /v1/operations/{id} */
    post: operations['ReencryptionsController_start_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publish one event: checked like Kafka ingest, acknowledged by the broker (acks=all) before the 202 */
    post: operations['EventsController_publish_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publish up to BATCH_MAX_ITEMS events in one acknowledged send; 422 for the whole batch when any event is refused */
    post: operations['EventsController_publishBatch_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/test-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send an example event of a type to this subscription only, signed and logged as a test */
    post: operations['TestEventsController_send_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/ordered-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An ordered subscription's keys in key order: state, pending events and head */
    get: operations['OrderedKeysController_list_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/ordered-keys/redrive': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a blocked key's head again now, with a fresh retry schedule */
    post: operations['OrderedKeysController_redrive_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/ordered-keys/skip': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Give up a blocked key's head: dead-lettered (reason skipped), and the key moves on */
    post: operations['OrderedKeysController_skip_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    EventTypeResource: {
      /** @example invoice.paid */
      type: string;
      description: string;
      /** @enum {string} */
      source: 'builtin' | 'api' | 'registry';
      /** @enum {string} */
      schema_format: 'json-schema' | 'avro';
      /** @description Schema of the event data */
      schema: {
        [key: string]: unknown;
      };
      examples: Record<string, never>[];
      /** @description Schema version; a schema change adds one */
      version: number;
      archived: boolean;
      archived_at: string | null;
      /** @description Registry subject (source registry) */
      registry_subject: string | null;
      registry_version: number | null;
      created_at: string;
      updated_at: string;
    };
    Pagination: {
      /** @description Pass as `after` for the next page */
      next_cursor: string | null;
      has_more: boolean;
    };
    EventTypePage: {
      data: components['schemas']['EventTypeResource'][];
      pagination: components['schemas']['Pagination'];
    };
    TextPositionDto: {
      /** @description Characters before the fault */
      offset: number;
      line: number;
      column: number;
    };
    FieldErrorDto: {
      /** @example url */
      field: string;
      /** @example NOT_HTTPS */
      code: string;
      message: string;
      /** @description Where in the field's text (a filter's fault) */
      position?: components['schemas']['TextPositionDto'];
    };
    ErrorDto: {
      /**
       * @description Stable machine-readable code
       * @example VALIDATION_ERROR
       */
      code: string;
      message: string;
      /** @description Every field-level failure at once */
      details?: components['schemas']['FieldErrorDto'][];
      /** @example req_3f1c… */
      request_id: string;
      /** Format: uri */
      documentation_url: string;
    };
    ErrorBodyDto: {
      error: components['schemas']['ErrorDto'];
    };
    CreateEventTypeDto: {
      /**
       * @description Dotted lower-case `<resource>.<action>`
       * @example invoice.paid
       */
      type: string;
      /** @example An invoice was paid. */
      description: string;
      /** @description JSON Schema (2020-12) of `data` */
      schema: {
        [key: string]: unknown;
      };
      /** @description Example `data`, each checked */
      examples?: Record<string, never>[];
    };
    EventTypeVersionResource: {
      version: number;
      /** @enum {string} */
      schema_format: 'json-schema' | 'avro';
      schema: {
        [key: string]: unknown;
      };
      registry_version: number | null;
      created_at: string;
    };
    EventTypeVersionPage: {
      data: components['schemas']['EventTypeVersionResource'][];
      pagination: components['schemas']['Pagination'];
    };
    PatchEventTypeDto: {
      description?: string;
      /** @description A new schema: a new version */
      schema?: {
        [key: string]: unknown;
      };
      examples?: Record<string, never>[];
    };
    FilterTestEventDto: {
      /** @example evt_123 */
      id?: string;
      /** @example order.created */
      type: string;
      /**
       * @description Now when left out
       * @example 2026-01-31T12:00:00Z
       */
      created_at?: string;
      /**
       * @example {
       *       "total": {
       *         "amount": 1200
       *       }
       *     }
       */
      data: {
        [key: string]: unknown;
      };
      /** @description The record headers (Kafka) or the publish request metadata, as `event.metadata` */
      metadata?: {
        [key: string]: string;
      };
    };
    FilterTestDto: {
      /** @example event.data.total.amount > 1000 */
      filter: string;
      event: components['schemas']['FilterTestEventDto'];
    };
    FilterPositionDto: {
      offset: number;
      line: number;
      column: number;
    };
    FilterRunErrorDto: {
      /** @example no such key: discount */
      message: string;
      position?: components['schemas']['FilterPositionDto'];
    };
    FilterTestResultDto: {
      /** @description Whether the event would be delivered */
      matches: boolean;
      /** @description The filter failed on this event (a missing field…): such an event is not delivered */
      error?: components['schemas']['FilterRunErrorDto'];
      /** @description Subscription tests only: whether the type is one of the subscription's */
      type_matches?: boolean;
    };
    SubscriptionFilterTestDto: {
      event: components['schemas']['FilterTestEventDto'];
      /** @description Tested instead of the subscription's own filter (an edit not saved yet) */
      filter?: string;
    };
    CreateSubscriptionDto: {
      /**
       * Format: uri
       * @description Absolute https URL with a public host
       * @example https://example.com/hooks
       */
      url: string;
      /**
       * @description Event types from the catalog, or wildcards: "<prefix>.*" or "*"
       * @example [
       *       "order.created",
       *       "payment.*"
       *     ]
       */
      events: string[];
      description?: string;
      /** @description Up to 50 string values, keys up to 64 characters */
      metadata?: {
        [key: string]: string;
      };
      /**
       * Format: uri
       * @description https URL that receives an operational callback when the subscription turns failing
       */
      alert_url?: string | null;
      /**
       * @description Static headers sent with every request to the endpoint: up to 20, names HTTP tokens (the signature headers, webhook-*, Host, Content-Length, Content-Type, User-Agent, Expect, hop-by-hop headers including proxy-*, and trace context are reserved, and Authorization while auth is set). A secret value is encrypted at rest and never returned. A header whose name carries a credential (Authorization, Cookie, or a name with key, token, secret, passw, credential, session or auth) is always secret.
       * @example {
       *       "X-Tenant": "acme",
       *       "X-Api-Key": {
       *         "value": "k-8f2c…",
       *         "secret": true
       *       }
       *     }
       */
      headers?: {
        [key: string]:
          | string
          | {
              value: string;
              /**
               * @description Encrypted at rest and never shown again; always so for a name that carries a credential
               * @default false
               */
              secret?: boolean;
            };
      } | null;
      /** @description How the endpoint authenticates Hookline besides the signature; null removes it. Every credential is encrypted at rest and never returned: reads show the type and the fields that are not secret. It is replaced whole: send every field again to change one. */
      auth?:
        | (
            | {
                /** @enum {string} */
                type: 'basic';
                /** @description Without ":" */
                username: string;
                password: string;
              }
            | {
                /** @enum {string} */
                type: 'bearer';
                token: string;
              }
            | {
                /** @enum {string} */
                type: 'oauth2_client_credentials';
                /**
                 * Format: uri
                 * @description The token endpoint: an https URL with a public host
                 */
                token_url: string;
                client_id: string;
                /** @description Space-separated scopes */
                scope?: string | null;
                /** @description Sent as the audience parameter (Auth0, Okta and others ask for it) */
                audience?: string | null;
                /**
                 * @description basic: HTTP Basic with the client id and secret (RFC 6749 §2.3.1); post: both in the form body
                 * @default basic
                 * @enum {string|null}
                 */
                client_auth?: 'basic' | 'post' | null;
                client_secret: string;
              }
            | {
                /** @enum {string} */
                type: 'mtls';
                /** @description PEM chain, the client certificate first; it must not have expired */
                certificate: string;
                /** @description The certificate's unencrypted PEM private key */
                private_key: string;
              }
          )
        | null;
      /**
       * @description A CEL expression over `event` (id, type, created_at, data, metadata): only events for which it is true are delivered. Compiled when written; 422 with the position at fault. null or absent: every event
       * @example event.data.total.amount > 1000 && event.data.status in ['paid', 'refunded']
       */
      filter?: string | null;
      /** @description Ordered delivery: events with the same key are delivered one after another, each once the one before was delivered or given up. null or absent: no order. A merge patch replaces it whole */
      ordering?: {
        /**
         * @description A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" for one order over the whole subscription. Compiled when written; 422 with the position at fault
         * @example event.data.account_id
         */
        key: string;
        /**
         * @description When the retries of a key's next event run out: "skip" dead-letters it and the key moves on; "block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)
         * @default skip
         * @enum {string}
         */
        on_exhausted?: 'skip' | 'block';
      } | null;
      /**
       * @description hmac-sha256 (default): Standard Webhooks v1, X-Signature and X-Webhook-Signature. ed25519: Standard Webhooks v1a only; the public key is at GET /v1/webhooks/{id}/signing-key.
       * @default hmac-sha256
       * @enum {string}
       */
      signature_scheme?: 'hmac-sha256' | 'ed25519';
      /** @description Signing secret; generated (whsec_…) and returned once when omitted. An ed25519 private key is written whsk_<base64 of its 32-byte seed>; omitted, one is generated (never returned). Without signature_scheme, a whsk_ secret makes the subscription ed25519 */
      secret?: string;
    } & (unknown & unknown & unknown);
    SubscriptionResource: {
      /** Format: uuid */
      id: string;
      url: string;
      events: string[];
      description: string;
      metadata: {
        [key: string]: string;
      };
      alert_url: string | null;
      /** @description The CEL filter; null: every event */
      filter: string | null;
      /** @description Ordered delivery by key (docs/guides/ordered-delivery.md); null: no order */
      ordering: {
        /**
         * @description A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" for one order over the whole subscription. Compiled when written; 422 with the position at fault
         * @example event.data.account_id
         */
        key: string;
        /**
         * @description When the retries of a key's next event run out: "skip" dead-letters it and the key moves on; "block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)
         * @default skip
         * @enum {string}
         */
        on_exhausted: 'skip' | 'block';
      } | null;
      /** @enum {string} */
      status: 'active' | 'disabled' | 'failing';
      status_reason: string | null;
      /**
       * Format: date-time
       * @description When the status last changed
       */
      status_changed_at: string | null;
      /**
       * @description How deliveries are signed: the newest secret's scheme
       * @enum {string}
       */
      signature_scheme: 'hmac-sha256' | 'ed25519';
      /** @description Static headers: a secret one by name only */
      headers: {
        [key: string]:
          | {
              /** @enum {boolean} */
              secret: true;
            }
          | {
              /** @enum {boolean} */
              secret: false;
              value: string;
            };
      };
      /** @description The type and the fields that are not secret; null when the endpoint needs only the signature */
      auth:
        | (
            | {
                /** @enum {string} */
                type: 'basic';
                username: string;
              }
            | {
                /** @enum {string} */
                type: 'bearer';
              }
            | {
                /** @enum {string} */
                type: 'oauth2_client_credentials';
                token_url: string;
                client_id: string;
                scope: string | null;
                audience: string | null;
                /** @enum {string} */
                client_auth: 'basic' | 'post';
              }
            | {
                /** @enum {string} */
                type: 'mtls';
                certificate: {
                  subject: string;
                  issuer: string;
                  /** Format: date-time */
                  not_before: string;
                  /** Format: date-time */
                  not_after: string;
                  fingerprint_sha256: string;
                  /** @description The certificate expires within 30 days */
                  expires_soon: boolean;
                };
              }
          )
        | null;
      /** @description Increments on every change; the ETag */
      version: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Only in the creation response, and only when the service generated it */
      secret?: string;
      /** @description With expand=event_types: the catalog entries the patterns cover */
      event_types?: {
        type: string;
        description: string;
      }[];
    };
    SubscriptionPage: {
      data: components['schemas']['SubscriptionResource'][];
      pagination: components['schemas']['Pagination'];
    };
    BatchItemResultDto: {
      index: number;
      /** Format: uuid */
      id?: string;
      /** @description HTTP status the item would have had alone: 201, 409, 422… */
      status: number;
      subscription?: components['schemas']['SubscriptionResource'];
      /** @description code, message, details as in the error body */
      error?: Record<string, never>;
    };
    BatchResponse: {
      data: components['schemas']['BatchItemResultDto'][];
    };
    SecretRotationDto: {
      /**
       * @description The new secret's scheme; default the given secret's (whsk_: ed25519), else the current one. hmac-sha256 (default): Standard Webhooks v1, X-Signature and X-Webhook-Signature. ed25519: Standard Webhooks v1a only; the public key is at GET /v1/webhooks/{id}/signing-key.
       * @enum {string}
       */
      signature_scheme?: 'hmac-sha256' | 'ed25519';
      /** @description Generated when omitted (an ed25519 key: whsk_<base64 of its 32-byte seed>); without signature_scheme a whsk_ secret signs ed25519 and any other HMAC */
      secret?: string;
      /**
       * @description How long the previous secrets stay valid; at most 3 secrets are valid at once
       * @default 86400
       */
      grace_period_seconds?: number;
    } & (unknown & unknown & unknown);
    RotationResponse: {
      /** Format: uuid */
      subscription_id: string;
      /** @description The new secret, only when generated by the service; shown once */
      secret?: string;
      /** @description ed25519: the new version's public key (whpk_…) */
      public_key?: string;
      /**
       * Format: date-time
       * @description When the previous secrets stop signing
       */
      previous_secrets_expire_at: string | null;
      version: number;
    };
    PublicKeyVersion: {
      /**
       * Format: uuid
       * @description The secret version this key belongs to
       */
      id: string;
      /**
       * @description whpk_ + base64 of the 32-byte Ed25519 public key
       * @example whpk_MCowBQYDK2VwAyEA…
       */
      public_key: string;
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description When it stops signing (a rotation's grace); null for the current one
       */
      expires_at: string | null;
    };
    SigningKeyResource: {
      /** Format: uuid */
      subscription_id: string;
      /** @description The newest public key: the one that signs from now on */
      public_key: string;
      /** @description Every version that signs now, newest first */
      keys: components['schemas']['PublicKeyVersion'][];
    };
    CreateApiKeyDto: {
      /**
       * @description A label to recognise the key by
       * @example ci deploys
       */
      name: string;
      /** @description read: GET; write: changes; admin: every tenant scope and API-key management */
      scopes: ('read' | 'write' | 'admin' | 'events:publish')[];
      /**
       * Format: date-time
       * @description Refused from then on (401); null or absent: never expires
       */
      expires_at?: string | null;
      /** @description Operator keys only: the tenant; an admin key manages its own */
      tenant_id?: string;
    };
    CreatedApiKey: {
      /** Format: uuid */
      id: string;
      name: string;
      /**
       * @description The first characters of the key, to tell keys apart
       * @example hk_3xYz9Qa
       */
      prefix: string;
      scopes: ('read' | 'write' | 'admin' | 'events:publish' | 'operator')[];
      tenant_id: string;
      /** @enum {string} */
      status: 'active' | 'expired' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string | null;
      /**
       * Format: date-time
       * @description When the key was last used, to the minute (written at most once a minute)
       */
      last_used_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
      /** @description The key itself: shown in this answer only, stored as its hash */
      key: string;
    };
    ApiKeyResource: {
      /** Format: uuid */
      id: string;
      name: string;
      /**
       * @description The first characters of the key, to tell keys apart
       * @example hk_3xYz9Qa
       */
      prefix: string;
      scopes: ('read' | 'write' | 'admin' | 'events:publish' | 'operator')[];
      tenant_id: string;
      /** @enum {string} */
      status: 'active' | 'expired' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string | null;
      /**
       * Format: date-time
       * @description When the key was last used, to the minute (written at most once a minute)
       */
      last_used_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
    };
    ApiKeyPage: {
      data: components['schemas']['ApiKeyResource'][];
      pagination: components['schemas']['Pagination'];
    };
    AttemptResource: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      subscription_id: string;
      /** @description The event's id; the same on every attempt */
      event_id: string;
      event_type: string;
      /** @description 1 for the first attempt */
      attempt: number;
      /** @enum {string} */
      trigger: 'initial' | 'retry' | 'manual' | 'test';
      /** @enum {string} */
      outcome:
        | 'success'
        | 'http_error'
        | 'timeout'
        | 'connect_error'
        | 'tls_error'
        | 'dns_error'
        | 'blocked'
        | 'auth_error'
        | 'skipped';
      /** @description The endpoint's HTTP status, if it answered */
      status_code: number | null;
      response_time_ms: number;
      /** Format: date-time */
      requested_at: string;
      /**
       * Format: date-time
       * @description When the next retry is due
       */
      next_attempt_at: string | null;
      error: string | null;
      /** @description The W3C trace id of the delivery */
      trace_id: string | null;
    };
    AttemptPage: {
      data: components['schemas']['AttemptResource'][];
      pagination: components['schemas']['Pagination'];
    };
    DeliveryStatsBucket: {
      /**
       * Format: date-time
       * @description Start of the minute
       */
      minute: string;
      /**
       * @description Attempts of that minute by outcome
       * @example {
       *       "success": 12,
       *       "http_error": 1
       *     }
       */
      outcomes: {
        [key: string]: number;
      };
      /** @description Response time percentiles of that minute, ms */
      p50_ms: number;
      p95_ms: number;
      p99_ms: number;
    };
    DeliveryStats: {
      /** Format: uuid */
      subscription_id: string;
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      to: string;
      /** @enum {integer} */
      bucket_seconds: 60;
      /** @description Attempts of the whole window by outcome */
      totals: {
        [key: string]: number;
      };
      /** @description Minutes with at least one attempt, oldest first */
      buckets: components['schemas']['DeliveryStatsBucket'][];
    };
    ReconstructedRequestDto: {
      /** @enum {string} */
      method: 'POST';
      /** @description The subscription's URL (null once it is deleted) */
      url: string | null;
      /** @description The headers every delivery carries; signature values masked */
      headers: {
        [key: string]: string;
      };
      /** @description The event as stored at ingest; null past its retention */
      body: {
        [key: string]: unknown;
      } | null;
      /** @enum {boolean} */
      reconstructed: true;
      note: string;
    };
    AttemptDetail: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      subscription_id: string;
      /** @description The event's id; the same on every attempt */
      event_id: string;
      event_type: string;
      /** @description 1 for the first attempt */
      attempt: number;
      /** @enum {string} */
      trigger: 'initial' | 'retry' | 'manual' | 'test';
      /** @enum {string} */
      outcome:
        | 'success'
        | 'http_error'
        | 'timeout'
        | 'connect_error'
        | 'tls_error'
        | 'dns_error'
        | 'blocked'
        | 'auth_error'
        | 'skipped';
      /** @description The endpoint's HTTP status, if it answered */
      status_code: number | null;
      response_time_ms: number;
      /** Format: date-time */
      requested_at: string;
      /**
       * Format: date-time
       * @description When the next retry is due
       */
      next_attempt_at: string | null;
      error: string | null;
      /** @description The W3C trace id of the delivery */
      trace_id: string | null;
      /** @description The start of what the endpoint answered */
      response_body: string | null;
      response_headers: {
        [key: string]: string;
      } | null;
      /** @description The request, rebuilt from the event store */
      request: components['schemas']['ReconstructedRequestDto'];
    };
    CircuitResource: {
      /** Format: uuid */
      subscription_id: string;
      /** @enum {string} */
      status: 'active' | 'disabled' | 'failing';
      /** @enum {string} */
      state: 'closed' | 'open' | 'half_open';
      consecutive_failures: number;
      /** @description Attempts in the current failure-ratio window */
      window_attempts: number;
      window_failures: number;
      /** Format: date-time */
      opened_at: string | null;
      /**
       * Format: date-time
       * @description While open: the next probe
       */
      next_probe_at: string | null;
      /** @description While open: why it opened */
      reason: string | null;
      /** @description Requests in flight the endpoint is allowed now (adaptive: grows while it answers fast, halves on timeouts, 429 and 503), as a delivering instance last reported it; null before any */
      concurrency_limit: number | null;
      /**
       * Format: date-time
       * @description When concurrency_limit was reported
       */
      concurrency_reported_at: string | null;
    };
    OperationErrorDto: {
      code: string;
      message: string;
    };
    OperationResource: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'report' | 'recovery' | 'redrive' | 'reencryption';
      /** @enum {string} */
      status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELLING' | 'CANCELLED';
      progress: number;
      /** Format: date-time */
      estimated_completion: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      /** @description Path of the result once COMPLETED */
      result_url: string | null;
      parameters: {
        [key: string]: unknown;
      };
      /** @description Summary of the run */
      result?: {
        [key: string]: unknown;
      };
      /** @description Present when FAILED */
      error?: components['schemas']['OperationErrorDto'];
    };
    OperationPage: {
      data: components['schemas']['OperationResource'][];
      pagination: components['schemas']['Pagination'];
    };
    RecoveryResult: {
      /** Format: uuid */
      operation_id: string;
      /** @enum {string} */
      kind: 'recovery';
      /** @description Attempts selected (with dry_run: that would be) */
      matched: number;
      redelivered: number;
      dry_run: boolean;
    };
    RedriveResult: {
      /** Format: uuid */
      operation_id: string;
      /** @enum {string} */
      kind: 'redrive';
      matched: number;
      redriven: number;
      /** @description Dead letters that could not be redriven */
      skipped: number;
    };
    ReportResult: {
      /** Format: uuid */
      operation_id: string;
      /** @enum {string} */
      kind: 'report';
      /** @description Subscriptions covered */
      subscriptions: number;
      /** @description Rows of the report */
      rows: number;
      /** @enum {string} */
      format: 'csv' | 'json';
    };
    ReencryptionResult: {
      /** Format: uuid */
      operation_id: string;
      /** @enum {string} */
      kind: 'reencryption';
      /** @description The key every value is now sealed with */
      key_id: string;
      /** @description Rows sealed again with that key */
      rows: number;
      /** @description Rows sealed again, by store */
      stores: {
        [key: string]: number;
      };
    };
    OperationStarted: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELLING' | 'CANCELLED';
    };
    CreateRecoveryDto: {
      /**
       * Format: date-time
       * @description Start of the window (events received from then on). An earlier start than what retention keeps (EVENT_RETENTION_DAYS; for `failed` also ATTEMPT_RETENTION_DAYS) starts at the oldest kept; one at or after `until` selects nothing. The operation's parameters show the window used.
       */
      since: string;
      /**
       * Format: date-time
       * @description End of the window, exclusive; default and at most now
       */
      until?: string;
      /**
       * @description failed: events whose latest attempt failed; all: every event of the window
       * @default failed
       * @enum {string}
       */
      status?: 'failed' | 'all';
      /**
       * @description Only count the events; deliver nothing
       * @default false
       */
      dry_run?: boolean;
    };
    CreateRedriveDto: {
      /**
       * Format: uuid
       * @description Only dead letters of this subscription
       */
      subscription_id?: string;
      /**
       * Format: date-time
       * @description Only records parked from then on; at or after `until`: none
       */
      since?: string;
      /**
       * Format: date-time
       * @description Only records parked before then; default and at most now
       */
      until?: string;
      /** @description Only records parked for this reason: exhausted, gone, disabled, blocked… */
      reason?: string;
      /**
       * Format: uuid
       * @description Only these dead letters (their `id`s, 1 to 100), as the console redrives one row
       */
      dead_letter_ids?: string[];
    };
    DeadLetterResource: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description Null for an ingest record
       */
      subscription_id: string | null;
      /** @description exhausted, gone, blocked, disabled, undecodable… (docs/errors.md) */
      reason: string;
      /** @description What went wrong, in words (may be empty) */
      detail: string;
      /** @description The event id, whenever it could be read */
      event_id: string | null;
      /** @description The event type, whenever it could be read */
      event_type: string | null;
      /**
       * Format: date-time
       * @description When it was parked
       */
      created_at: string;
      /** Format: date-time */
      redriven_at: string | null;
      /**
       * Format: uuid
       * @description The redrive operation that took it
       */
      redriven_by: string | null;
    };
    DeadLetterPagination: {
      /** @description Pass as `after` for the next page */
      next_cursor: string | null;
      has_more: boolean;
    };
    DeadLetterPage: {
      data: components['schemas']['DeadLetterResource'][];
      pagination: components['schemas']['DeadLetterPagination'];
    };
    CreateReportDto: {
      /**
       * Format: uuid
       * @description Only this subscription; default every subscription
       */
      subscription_id?: string;
      /**
       * Format: date-time
       * @description Attempts made from then on; at or after `to`: an empty report
       */
      from: string;
      /**
       * Format: date-time
       * @description Attempts made before then
       */
      to: string;
      /**
       * @description Format of GET /v1/reports/{id}
       * @default json
       * @enum {string}
       */
      format?: 'csv' | 'json';
    };
    ReportRowDto: {
      /** Format: uuid */
      subscription_id: string;
      /** @description An event type, or `*`: the subscription over every type */
      event_type: string;
      attempts: number;
      succeeded: number;
      failed: number;
      success_ratio: number;
      latency_p50_ms: number;
      latency_p95_ms: number;
      latency_p99_ms: number;
      /** Format: date-time */
      first_attempt_at: string;
      /** Format: date-time */
      last_attempt_at: string;
    };
    ReportDocument: {
      /**
       * Format: uuid
       * @description The operation that produced it
       */
      id: string;
      /** Format: uuid */
      subscription_id: string | null;
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      to: string;
      /** Format: date-time */
      generated_at: string;
      data: components['schemas']['ReportRowDto'][];
    };
    PublishEventDto: {
      /**
       * @description Unique per event, visible ASCII (a header carries it); the idempotency key of publishing. Generated (evt_…) when left out
       * @example evt_2f9c1e
       */
      id?: string;
      /**
       * @description A dotted type, of the event catalog (unless INGEST_UNKNOWN_TYPES=deliver)
       * @example order.created
       */
      type: string;
      /**
       * Format: date-time
       * @description ISO 8601 with a zone; now when left out
       */
      created_at?: string;
      /**
       * @description The payload, checked against the type's schema; delivered as the bytes sent
       * @example {
       *       "order_id": "o-1",
       *       "status": "pending",
       *       "total": {
       *         "amount": 1200,
       *         "currency": "EUR"
       *       }
       *     }
       */
      data: {
        [key: string]: unknown;
      };
      /** @description Record headers of the event, which filters read as event.metadata (not tenant-id or traceparent) */
      metadata?: {
        [key: string]: string;
      };
    };
    PublishedEventDto: {
      /** @example evt_2f9c1e */
      id: string;
      /** Format: date-time */
      created_at: string;
    };
    PublishItemResultDto: {
      index: number;
      id?: string;
      /**
       * @description The status the item would have had alone
       * @enum {number}
       */
      status: 202 | 409 | 422 | 503;
      event?: components['schemas']['PublishedEventDto'];
      /** @description A repeat of an event already published: nothing was produced */
      replayed?: boolean;
      /** @description code, message, details as in the error body */
      error?: Record<string, never>;
    };
    PublishBatchResponse: {
      data: components['schemas']['PublishItemResultDto'][];
    };
    TestEventDto: {
      /**
       * @description A catalog type the subscription receives; when left out, the first such type (by name) that has an example
       * @example order.created
       */
      type?: string;
      /** @description The event's data; the catalog's first example of the type when left out */
      data?: {
        [key: string]: unknown;
      };
    };
    TestEventSentDto: {
      /** @description The test event id (test_…); its attempts: GET /v1/events/{id}/deliveries */
      event_id: string;
      /** Format: uuid */
      subscription_id: string;
      type: string;
      /** @description What the subscription's filter says of it (sent anyway); left out when the subscription has no filter */
      filter?: components['schemas']['FilterTestResultDto'];
    };
    AttemptSummaryDto: {
      /** @description Attempt number */
      n: number;
      /** Format: date-time */
      at: string;
      /** @description The outcome (as in the delivery log), circuit_open or disabled when not attempted */
      outcome: string;
      status?: number;
    };
    OrderedKeyHead: {
      event_id: string;
      event_type: string;
      /** @description The event's sequence in its key */
      sequence: number;
      /** @description Attempts made since it became the head (or was redriven) */
      attempts: number;
      /** @description Its latest attempts, oldest first */
      last_attempts: components['schemas']['AttemptSummaryDto'][];
    };
    OrderedKeyResource: {
      /** @description The key value ("" for a subscription-wide order, and for events whose key failed) */
      key: string;
      /**
       * @description idle: nothing to send; due: its next event waits for a request slot; sending: an instance is sending it; retrying: it waits for its next attempt; blocked: its retries ran out (on_exhausted "block")
       * @enum {string}
       */
      state: 'idle' | 'due' | 'sending' | 'retrying' | 'blocked';
      /** @description Events of the key in order and not yet delivered, the head included */
      pending: number;
      /** @description The next event to deliver; null when idle */
      head: (components['schemas']['OrderedKeyHead'] | null) & components['schemas']['OrderedKeyHead'];
      /**
       * Format: date-time
       * @description When retrying: the next attempt
       */
      next_attempt_at: string | null;
      /** Format: date-time */
      blocked_at: string | null;
      /**
       * Format: date-time
       * @description The last change of the key
       */
      updated_at: string;
    };
    OrderedKeyPage: {
      data: components['schemas']['OrderedKeyResource'][];
      pagination: components['schemas']['Pagination'];
    };
    OrderedKeyActionDto: {
      /**
       * @description The key, as the list of keys shows it ("" for a subscription-wide order)
       * @example acct_42
       */
      key: string;
      /** @description The head's event id you saw: refused (409 ORDERED_KEY_HEAD_MOVED) when the head is another by now */
      event_id?: string;
    };
    /** @description SubscriptionResource; with `fields`, only the members named (and id) */
    SubscriptionResourceFields: {
      /** Format: uuid */
      id: string;
      url?: string;
      events?: string[];
      description?: string;
      metadata?: {
        [key: string]: string;
      };
      alert_url?: string | null;
      /** @description The CEL filter; null: every event */
      filter?: string | null;
      /** @description Ordered delivery by key (docs/guides/ordered-delivery.md); null: no order */
      ordering?: {
        /**
         * @description A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" for one order over the whole subscription. Compiled when written; 422 with the position at fault
         * @example event.data.account_id
         */
        key: string;
        /**
         * @description When the retries of a key's next event run out: "skip" dead-letters it and the key moves on; "block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)
         * @default skip
         * @enum {string}
         */
        on_exhausted: 'skip' | 'block';
      } | null;
      /** @enum {string} */
      status?: 'active' | 'disabled' | 'failing';
      status_reason?: string | null;
      /**
       * Format: date-time
       * @description When the status last changed
       */
      status_changed_at?: string | null;
      /**
       * @description How deliveries are signed: the newest secret's scheme
       * @enum {string}
       */
      signature_scheme?: 'hmac-sha256' | 'ed25519';
      /** @description Static headers: a secret one by name only */
      headers?: {
        [key: string]:
          | {
              /** @enum {boolean} */
              secret: true;
            }
          | {
              /** @enum {boolean} */
              secret: false;
              value: string;
            };
      };
      /** @description The type and the fields that are not secret; null when the endpoint needs only the signature */
      auth?:
        | (
            | {
                /** @enum {string} */
                type: 'basic';
                username: string;
              }
            | {
                /** @enum {string} */
                type: 'bearer';
              }
            | {
                /** @enum {string} */
                type: 'oauth2_client_credentials';
                token_url: string;
                client_id: string;
                scope: string | null;
                audience: string | null;
                /** @enum {string} */
                client_auth: 'basic' | 'post';
              }
            | {
                /** @enum {string} */
                type: 'mtls';
                certificate: {
                  subject: string;
                  issuer: string;
                  /** Format: date-time */
                  not_before: string;
                  /** Format: date-time */
                  not_after: string;
                  fingerprint_sha256: string;
                  /** @description The certificate expires within 30 days */
                  expires_soon: boolean;
                };
              }
          )
        | null;
      /** @description Increments on every change; the ETag */
      version?: number;
      /** Format: date-time */
      created_at?: string;
      /** Format: date-time */
      updated_at?: string;
      /** @description Only in the creation response, and only when the service generated it */
      secret?: string;
      /** @description With expand=event_types: the catalog entries the patterns cover */
      event_types?: {
        type: string;
        description: string;
      }[];
    };
    SubscriptionPageFields: {
      data: components['schemas']['SubscriptionResourceFields'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description JSON Merge Patch (RFC 7396) of the mutable fields (null removes an optional one) */
    CreateSubscriptionDtoMergePatch: {
      /**
       * Format: uri
       * @description Absolute https URL with a public host
       * @example https://example.com/hooks
       */
      url?: string;
      /**
       * @description Event types from the catalog, or wildcards: "<prefix>.*" or "*"
       * @example [
       *       "order.created",
       *       "payment.*"
       *     ]
       */
      events?: string[];
      description?: string | null;
      /** @description Up to 50 string values, keys up to 64 characters */
      metadata?: {
        [key: string]: string | null;
      } | null;
      /**
       * Format: uri
       * @description https URL that receives an operational callback when the subscription turns failing
       */
      alert_url?: string | null;
      /**
       * @description Static headers sent with every request to the endpoint: up to 20, names HTTP tokens (the signature headers, webhook-*, Host, Content-Length, Content-Type, User-Agent, Expect, hop-by-hop headers including proxy-*, and trace context are reserved, and Authorization while auth is set). A secret value is encrypted at rest and never returned. A header whose name carries a credential (Authorization, Cookie, or a name with key, token, secret, passw, credential, session or auth) is always secret.
       * @example {
       *       "X-Tenant": "acme",
       *       "X-Api-Key": {
       *         "value": "k-8f2c…",
       *         "secret": true
       *       }
       *     }
       */
      headers?: {
        [key: string]:
          | (
              | string
              | {
                  value: string;
                  /**
                   * @description Encrypted at rest and never shown again; always so for a name that carries a credential
                   * @default false
                   */
                  secret?: boolean;
                }
            )
          | null;
      } | null;
      /** @description How the endpoint authenticates Hookline besides the signature; null removes it. Every credential is encrypted at rest and never returned: reads show the type and the fields that are not secret. It is replaced whole: send every field again to change one. */
      auth?:
        | (
            | {
                /** @enum {string} */
                type: 'basic';
                /** @description Without ":" */
                username: string;
                password: string;
              }
            | {
                /** @enum {string} */
                type: 'bearer';
                token: string;
              }
            | {
                /** @enum {string} */
                type: 'oauth2_client_credentials';
                /**
                 * Format: uri
                 * @description The token endpoint: an https URL with a public host
                 */
                token_url: string;
                client_id: string;
                /** @description Space-separated scopes */
                scope?: string | null;
                /** @description Sent as the audience parameter (Auth0, Okta and others ask for it) */
                audience?: string | null;
                /**
                 * @description basic: HTTP Basic with the client id and secret (RFC 6749 §2.3.1); post: both in the form body
                 * @default basic
                 * @enum {string|null}
                 */
                client_auth?: 'basic' | 'post' | null;
                client_secret: string;
              }
            | {
                /** @enum {string} */
                type: 'mtls';
                /** @description PEM chain, the client certificate first; it must not have expired */
                certificate: string;
                /** @description The certificate's unencrypted PEM private key */
                private_key: string;
              }
          )
        | null;
      /**
       * @description A CEL expression over `event` (id, type, created_at, data, metadata): only events for which it is true are delivered. Compiled when written; 422 with the position at fault. null or absent: every event
       * @example event.data.total.amount > 1000 && event.data.status in ['paid', 'refunded']
       */
      filter?: string | null;
      /** @description Ordered delivery: events with the same key are delivered one after another, each once the one before was delivered or given up. null or absent: no order. A merge patch replaces it whole */
      ordering?: {
        /**
         * @description A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" for one order over the whole subscription. Compiled when written; 422 with the position at fault
         * @example event.data.account_id
         */
        key: string;
        /**
         * @description When the retries of a key's next event run out: "skip" dead-letters it and the key moves on; "block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)
         * @default skip
         * @enum {string}
         */
        on_exhausted?: 'skip' | 'block';
      } | null;
    };
    /** @description A subscription to create; its event types are checked against the catalog in its own result */
    BatchSubscriptionItem: {
      /**
       * Format: uri
       * @description Absolute https URL with a public host
       * @example https://example.com/hooks
       */
      url: string;
      /**
       * @description Event types from the catalog, or wildcards: "<prefix>.*" or "*"
       * @example [
       *       "order.created",
       *       "payment.*"
       *     ]
       */
      events: string[];
      description?: string;
      /** @description Up to 50 string values, keys up to 64 characters */
      metadata?: {
        [key: string]: string;
      };
      /**
       * Format: uri
       * @description https URL that receives an operational callback when the subscription turns failing
       */
      alert_url?: string | null;
      /**
       * @description Static headers sent with every request to the endpoint: up to 20, names HTTP tokens (the signature headers, webhook-*, Host, Content-Length, Content-Type, User-Agent, Expect, hop-by-hop headers including proxy-*, and trace context are reserved, and Authorization while auth is set). A secret value is encrypted at rest and never returned. A header whose name carries a credential (Authorization, Cookie, or a name with key, token, secret, passw, credential, session or auth) is always secret.
       * @example {
       *       "X-Tenant": "acme",
       *       "X-Api-Key": {
       *         "value": "k-8f2c…",
       *         "secret": true
       *       }
       *     }
       */
      headers?: {
        [key: string]:
          | string
          | {
              value: string;
              /**
               * @description Encrypted at rest and never shown again; always so for a name that carries a credential
               * @default false
               */
              secret?: boolean;
            };
      } | null;
      /** @description How the endpoint authenticates Hookline besides the signature; null removes it. Every credential is encrypted at rest and never returned: reads show the type and the fields that are not secret. It is replaced whole: send every field again to change one. */
      auth?:
        | (
            | {
                /** @enum {string} */
                type: 'basic';
                /** @description Without ":" */
                username: string;
                password: string;
              }
            | {
                /** @enum {string} */
                type: 'bearer';
                token: string;
              }
            | {
                /** @enum {string} */
                type: 'oauth2_client_credentials';
                /**
                 * Format: uri
                 * @description The token endpoint: an https URL with a public host
                 */
                token_url: string;
                client_id: string;
                /** @description Space-separated scopes */
                scope?: string | null;
                /** @description Sent as the audience parameter (Auth0, Okta and others ask for it) */
                audience?: string | null;
                /**
                 * @description basic: HTTP Basic with the client id and secret (RFC 6749 §2.3.1); post: both in the form body
                 * @default basic
                 * @enum {string|null}
                 */
                client_auth?: 'basic' | 'post' | null;
                client_secret: string;
              }
            | {
                /** @enum {string} */
                type: 'mtls';
                /** @description PEM chain, the client certificate first; it must not have expired */
                certificate: string;
                /** @description The certificate's unencrypted PEM private key */
                private_key: string;
              }
          )
        | null;
      /**
       * @description A CEL expression over `event` (id, type, created_at, data, metadata): only events for which it is true are delivered. Compiled when written; 422 with the position at fault. null or absent: every event
       * @example event.data.total.amount > 1000 && event.data.status in ['paid', 'refunded']
       */
      filter?: string | null;
      /** @description Ordered delivery: events with the same key are delivered one after another, each once the one before was delivered or given up. null or absent: no order. A merge patch replaces it whole */
      ordering?: {
        /**
         * @description A CEL expression over `event` whose value (a string, number or bool) is the key, or "subscription" for one order over the whole subscription. Compiled when written; 422 with the position at fault
         * @example event.data.account_id
         */
        key: string;
        /**
         * @description When the retries of a key's next event run out: "skip" dead-letters it and the key moves on; "block" holds the key until the event is redriven or skipped (POST /v1/webhooks/{id}/ordered-keys/…)
         * @default skip
         * @enum {string}
         */
        on_exhausted?: 'skip' | 'block';
      } | null;
      /**
       * @description hmac-sha256 (default): Standard Webhooks v1, X-Signature and X-Webhook-Signature. ed25519: Standard Webhooks v1a only; the public key is at GET /v1/webhooks/{id}/signing-key.
       * @default hmac-sha256
       * @enum {string}
       */
      signature_scheme?: 'hmac-sha256' | 'ed25519';
      /** @description Signing secret; generated (whsec_…) and returned once when omitted. An ed25519 private key is written whsk_<base64 of its 32-byte seed>; omitted, one is generated (never returned). Without signature_scheme, a whsk_ secret makes the subscription ed25519 */
      secret?: string;
    } & (unknown & unknown & unknown);
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  EventTypesController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        /** @description Only types whose name starts with this, e.g. `invoice.` */
        prefix?: string;
        source?: 'builtin' | 'api' | 'registry';
        include_archived?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTypePage'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventTypesController_create_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateEventTypeDto'];
      };
    };
    responses: {
      /** @description Created; Location names it */
      201: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTypeResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventTypesController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        type: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTypeResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventTypesController_archive_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag this change is based on; 412 when stale */
        'If-Match'?: string;
      };
      path: {
        type: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventTypesController_patch_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag this change is based on; 412 when stale */
        'If-Match'?: string;
      };
      path: {
        type: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/merge-patch+json': components['schemas']['PatchEventTypeDto'];
        'application/json': components['schemas']['PatchEventTypeDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTypeResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventTypesController_versions_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
      };
      header?: never;
      path: {
        type: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTypeVersionPage'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  FilterTestsController_test_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FilterTestDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FilterTestResultDto'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  FilterTestsController_testSubscription_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscriptionFilterTestDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FilterTestResultDto'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhooksController_list_v1: {
    parameters: {
      query?: {
        /** @description Comma list of fields to return (id always included): id, url, events, description, metadata, alert_url, filter, ordering, status, status_reason, status_changed_at, signature_scheme, headers, auth, version, created_at, updated_at */
        fields?: string;
        /** @description Comma list of relations to expand: event_types */
        expand?: string;
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        /** @description Rows to skip: from the start of the list, or with `after` from the cursor on */
        offset?: number;
        /** @description Leading minus for descending */
        sort?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
        status?: 'active' | 'disabled' | 'failing';
        /** @description Only subscriptions that receive this event type (wildcards included) */
        event?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionPageFields'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhooksController_create_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSubscriptionDto'];
      };
    };
    responses: {
      /** @description Created; Location names it */
      201: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhooksController_get_v1: {
    parameters: {
      query?: {
        /** @description Comma list of fields to return (id always included): id, url, events, description, metadata, alert_url, filter, ordering, status, status_reason, status_changed_at, signature_scheme, headers, auth, version, created_at, updated_at */
        fields?: string;
        /** @description Comma list of relations to expand: event_types */
        expand?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResourceFields'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhooksController_remove_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of the version this change is based on; 412 when stale */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhooksController_patch_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of the version this change is based on; 412 when stale */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/merge-patch+json': components['schemas']['CreateSubscriptionDtoMergePatch'];
        'application/json-patch+json': (({
          /** @enum {unknown} */
          op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
          path: string;
          from?: string;
          value?: unknown;
        } & {
          [key: string]: unknown;
        }) &
          (
            | {
                /** @enum {unknown} */
                op?: 'add' | 'replace' | 'test';
              }
            | {
                /** @enum {unknown} */
                op?: 'remove';
              }
            | {
                /** @enum {unknown} */
                op?: 'move' | 'copy';
              }
          ))[];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhookActionsController_createBatch_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BatchSubscriptionItem'][];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BatchResponse'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhookActionsController_enable_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of the version this change is based on */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhookActionsController_disable_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of the version this change is based on */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhookActionsController_rotate_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of the version this change is based on */
        'If-Match'?: string;
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['SecretRotationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotationResponse'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description SECRET_LIMIT_REACHED: the subscription holds 3 valid secrets; the message and details say which expires when (or IDEMPOTENCY_KEY_IN_USE) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body exceeds API_BODY_LIMIT */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  WebhookActionsController_rotateLegacy_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['SecretRotationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotationResponse'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description SECRET_LIMIT_REACHED: the subscription holds 3 valid secrets; the message and details say which expires when (or IDEMPOTENCY_KEY_IN_USE) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PRECONDITION_FAILED: If-Match does not match the current ETag */
      412: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body exceeds API_BODY_LIMIT */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          /** @description When the operation was deprecated: `@<unix seconds>` */
          Deprecation?: '@1735689600';
          /** @description When the operation stops answering (HTTP date) */
          Sunset?: 'Thu, 31 Dec 2026 00:00:00 GMT';
          /** @description The successor: `<path>; rel="successor-version"` */
          Link?: '</v1/webhooks/{id}/secret-rotations>; rel="successor-version"';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  SigningKeyController_signingKey_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SigningKeyResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ApiKeysController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        /** @description Operator keys only: one tenant (default every tenant) */
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPage'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "admin" or "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ApiKeysController_create_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "admin" or "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ApiKeysController_revoke_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked (or already revoked) */
      204: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "admin" or "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  DeliveryLogController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        outcome?:
          | 'success'
          | 'http_error'
          | 'timeout'
          | 'connect_error'
          | 'tls_error'
          | 'dns_error'
          | 'blocked'
          | 'auth_error'
          | 'skipped';
        status_code?: number;
        event_type?: string;
        event_id?: string;
        /** @description Attempts at or after this time (ISO 8601) */
        from?: string;
        /** @description Attempts before this time (ISO 8601) */
        to?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of attempts, newest first */
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AttemptPage'];
        };
      };
      /** @description UNAUTHENTICATED: no valid API key (unknown, revoked or expired) */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description FORBIDDEN: the key lacks the "read" scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND: no such resource for your tenant (a malformed id included) */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR (every invalid field in details) or another semantic error */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  DeliveryLogController_stats_v1: {
    parameters: {
      query?: {
        hours?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryStats'];
        };
      };
      /** @description UNAUTHENTICATED */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description FORBIDDEN: missing scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  DeliveryLogController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        attemptId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AttemptDetail'];
        };
      };
      /** @description UNAUTHENTICATED: no valid API key (unknown, revoked or expired) */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description FORBIDDEN: the key lacks the "read" scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND: no such resource for your tenant (a malformed id included) */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  DeliveryLogController_forEvent_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        outcome?:
          | 'success'
          | 'http_error'
          | 'timeout'
          | 'connect_error'
          | 'tls_error'
          | 'dns_error'
          | 'blocked'
          | 'auth_error'
          | 'skipped';
        status_code?: number;
        event_type?: string;
        event_id?: string;
        /** @description Attempts at or after this time (ISO 8601) */
        from?: string;
        /** @description Attempts before this time (ISO 8601) */
        to?: string;
      };
      header?: never;
      path: {
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of attempts, newest first */
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AttemptPage'];
        };
      };
      /** @description UNAUTHENTICATED: no valid API key (unknown, revoked or expired) */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description FORBIDDEN: the key lacks the "read" scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND: no such resource for your tenant (a malformed id included) */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR (every invalid field in details) or another semantic error */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  CircuitController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CircuitResource'];
        };
      };
      /** @description UNAUTHENTICATED: no valid API key (unknown, revoked or expired) */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description FORBIDDEN: the key lacks the "read" scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND: no such resource for your tenant (a malformed id included) */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED: wait Retry-After seconds */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        status?: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELLING' | 'CANCELLED';
        kind?: 'report' | 'recovery' | 'redrive' | 'reencryption';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationPage'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_cancelByDelete_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CANCELLED, or CANCELLING until the next checkpoint */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_result_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The result summary of a COMPLETED operation: its id, kind and counts */
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | components['schemas']['RecoveryResult']
            | components['schemas']['RedriveResult']
            | components['schemas']['ReportResult']
            | components['schemas']['ReencryptionResult'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_retry_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description PENDING again; Location names it */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationStarted'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR (every invalid field in details) or another semantic error */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OperationsController_cancelByPost_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CANCELLED, or CANCELLING until the next checkpoint */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationResource'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR (every invalid field in details) or another semantic error */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  RecoveriesController_start_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateRecoveryDto'];
      };
    };
    responses: {
      /** @description Location: /v1/operations/{id} */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationStarted'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  RedrivesController_start_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['CreateRedriveDto'];
      };
    };
    responses: {
      /** @description Location: /v1/operations/{id} */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationStarted'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  DeadLettersController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        subscription_id?: string;
        /** @description exhausted, gone, disabled, blocked, invalid_envelope… (docs/errors.md) */
        reason?: string;
        /** @description Only the dead letters of this event id (ingest refusals included), as the producer wrote it */
        event_id?: string;
        /** @description true: only redriven records; false: only those still parked */
        redriven?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeadLetterPage'];
        };
      };
      /** @description UNAUTHENTICATED */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description FORBIDDEN: missing scope */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ReportsController_start_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateReportDto'];
      };
    };
    responses: {
      /** @description Location: /v1/operations/{id} */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationStarted'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ReportsController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
          'application/json': components['schemas']['ReportDocument'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  ReencryptionsController_start_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Location: /v1/operations/{id} */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationStarted'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "operator" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR (every invalid field in details) or another semantic error */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventsController_publish_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PublishEventDto'];
      };
    };
    responses: {
      /** @description In the ingest log; Location names its deliveries */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublishedEventDto'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "events:publish" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PUBLISH_UNAVAILABLE, with Retry-After: not acknowledged, publish it again (same id) */
      503: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  EventsController_publishBatch_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PublishEventDto'][];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublishBatchResponse'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "events:publish" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT, IDEMPOTENCY_KEY_IN_USE or another state conflict (see docs/errors.md) */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PUBLISH_UNAVAILABLE, with Retry-After: not acknowledged, publish it again (same id) */
      503: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  TestEventsController_send_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestEventDto'];
      };
    };
    responses: {
      /** @description On the delivery queue; Location names its attempts */
      202: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TestEventSentDto'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OrderedKeysController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        /** @description blocked: only the keys that wait for an operator */
        state?: 'all' | 'blocked';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderedKeyPage'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "read" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OrderedKeysController_redrive_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderedKeyActionDto'];
      };
    };
    responses: {
      /** @description The key after the redrive */
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderedKeyResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
  OrderedKeysController_skip_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Replays the stored response of an earlier identical request (24 h) */
        'Idempotency-Key'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderedKeyActionDto'];
      };
    };
    responses: {
      /** @description The key after the skip */
      200: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderedKeyResource'];
        };
      };
      /** @description INVALID_FORMAT: malformed JSON */
      400: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key (unknown, revoked or expired)
       */
      401: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description FORBIDDEN: missing scope
       *
       *     FORBIDDEN: the key lacks the "write" scope
       */
      403: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description NOT_FOUND */
      404: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description NOT_ACCEPTABLE: Accept does not admit application/json */
      406: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description CONFLICT */
      409: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE */
      413: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE */
      415: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description VALIDATION_ERROR and other semantic errors, with details */
      422: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
      /** @description RATE_LIMITED, with Retry-After */
      429: {
        headers: {
          /** @description The request id, also in the error body and every log line */
          'X-Request-Id'?: string;
          /** @description Requests allowed in the current one-minute window */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description When the window resets, Unix seconds */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After': number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBodyDto'];
        };
      };
    };
  };
}
