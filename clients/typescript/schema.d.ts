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
    FieldErrorDto: {
      /** @example url */
      field: string;
      /** @example NOT_HTTPS */
      code: string;
      message: string;
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
      /** @description Signing secret; generated (whsec_…) and returned once when omitted */
      secret?: string;
    };
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
      /** @enum {string} */
      status: 'active' | 'disabled' | 'failing';
      status_reason: string | null;
      /**
       * Format: date-time
       * @description When the status last changed
       */
      status_changed_at: string | null;
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
      /** @description Generated when omitted */
      secret?: string;
      /**
       * @description How long the previous secrets stay valid
       * @default 86400
       */
      grace_period_seconds?: number;
    };
    RotationResponse: {
      /** Format: uuid */
      subscription_id: string;
      /** @description The new secret, only when generated by the service; shown once */
      secret?: string;
      /**
       * Format: date-time
       * @description When the previous secrets stop signing
       */
      previous_secrets_expire_at: string | null;
      version: number;
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
      trigger: 'initial' | 'retry' | 'manual';
      /** @enum {string} */
      outcome: 'success' | 'http_error' | 'timeout' | 'connect_error' | 'tls_error' | 'dns_error' | 'blocked';
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
    AttemptPagination: {
      /** @description Pass as `after` for the next page */
      next_cursor: string | null;
      has_more: boolean;
    };
    AttemptPage: {
      data: components['schemas']['AttemptResource'][];
      pagination: components['schemas']['AttemptPagination'];
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
      trigger: 'initial' | 'retry' | 'manual';
      /** @enum {string} */
      outcome: 'success' | 'http_error' | 'timeout' | 'connect_error' | 'tls_error' | 'dns_error' | 'blocked';
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
      kind: 'report' | 'recovery' | 'redrive';
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
      /** @enum {string} */
      status?: 'active' | 'disabled' | 'failing';
      status_reason?: string | null;
      /**
       * Format: date-time
       * @description When the status last changed
       */
      status_changed_at?: string | null;
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
      /** @description Signing secret; generated (whsec_…) and returned once when omitted */
      secret?: string;
    };
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
       *     UNAUTHENTICATED: no valid API key
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
        /** @description Replays an identical request (24 h) */
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
  WebhooksController_list_v1: {
    parameters: {
      query?: {
        /** @description Comma list of fields to return (id always included): id, url, events, description, metadata, alert_url, status, status_reason, status_changed_at, version, created_at, updated_at */
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
        /** @description Comma list of fields to return (id always included): id, url, events, description, metadata, alert_url, status, status_reason, status_changed_at, version, created_at, updated_at */
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
  DeliveryLogController_list_v1: {
    parameters: {
      query?: {
        limit?: number;
        /** @description Opaque cursor: next_cursor of the previous page */
        after?: string;
        outcome?: 'success' | 'http_error' | 'timeout' | 'connect_error' | 'tls_error' | 'dns_error' | 'blocked';
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
      /** @description UNAUTHENTICATED: no valid API key */
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
      /** @description UNAUTHENTICATED: no valid API key */
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
        outcome?: 'success' | 'http_error' | 'timeout' | 'connect_error' | 'tls_error' | 'dns_error' | 'blocked';
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
      /** @description UNAUTHENTICATED: no valid API key */
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
      /** @description UNAUTHENTICATED: no valid API key */
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
        kind?: 'report' | 'recovery' | 'redrive';
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
            | components['schemas']['ReportResult'];
        };
      };
      /**
       * @description UNAUTHENTICATED
       *
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
       *     UNAUTHENTICATED: no valid API key
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
}
