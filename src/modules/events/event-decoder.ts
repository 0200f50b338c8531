import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Injectable } from '@nestjs/common';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import avro from 'avsc';
import { AppConfig } from '../../platform/config/app-config.js';
import { registryAccessOf, type RegistryAccess } from '../../platform/schema-registry/registry-access.js';
import { isUtf8 } from 'node:buffer';
import { TransientError } from '../../platform/errors/transient.js';
import { avroToJson } from './avro-json.js';
import { isMapSchema, OwnKeysMapType } from './avro-map.js';
import { avroLogicalTypes, exactLongType } from './avro-logical-types.js';
import { refuseTooDeep } from './envelope.js';
import { PoisonMessageError } from './ingest-errors.js';
import { classifyRegistryError, RegistryAvailability } from './registry-availability.js';

export type WireFormat = 'json' | 'registry';

export interface DecodedRecord {
  value: unknown;
  format: WireFormat;
  /** The value may hold bigint or LosslessNumber (Avro): serialise it with stringifyExact. */
  exact: boolean;
  /** The JSON text the value was parsed from (plain JSON and JSON Schema frames): `data` is cut from it. */
  text?: string;
}

/** What the registry client hands back for a JSON Schema id (its JsonSchema class). */
interface RegistryJsonSchema {
  validate: ((value: unknown) => boolean) & { errors?: { instancePath?: string; message?: string }[] | null };
}

/** Longest a schema lookup may take before it counts as the registry failing (and the record waits). */
const REGISTRY_TIMEOUT_MS = 10_000;
/** How long a probe's answer (does the registry answer at its base URL?) is trusted. */
const PROBE_TTL_MS = 10_000;

/**
 * Turns an ingest record's bytes into a plain object: JSON text as is, or a record framed by a
 * Confluent-compatible registry (magic byte 0, 4-byte schema id, then Avro or JSON Schema
 * payload). The schema is looked up by the id in the frame, so any subject naming strategy works;
 * writer schemas are fetched once per id and cached by the registry client. Avro numbers keep every
 * digit and Avro logical types become JSON (see docs/concepts/event-types.md, "Avro to JSON"); JSON
 * text is kept as text beside its value, so that `data` is delivered exactly as written.
 *
 * A lookup fails the record only when the registry says the id is unknown (404, and the registry
 * answers at its base URL: a wrong SCHEMA_REGISTRY_URL is an outage, not poison). Every other
 * failure (auth, throttling, timeouts, 5xx) is a TransientError: the record is retried with
 * back-off and RegistryAvailability turns readiness false once it lasts.
 */
@Injectable()
export class EventDecoder {
  private readonly registry: SchemaRegistry;
  private readonly wrapUnions: boolean;
  private readonly access: RegistryAccess;
  private probe?: { at: number; answers: Promise<boolean> };

  constructor(
    config: AppConfig,
    private readonly availability: RegistryAvailability,
  ) {
    const { decimalAs, bigIntegersAs, unionWrapping } = config.ingest.decoding;
    this.wrapUnions = unionWrapping;
    this.access = registryAccessOf(config);
    const longType = exactLongType(bigIntegersAs);
    const logicalTypes = avroLogicalTypes({ decimalAs, bigIntegersAs });
    const isPlainLong = (schema: unknown) =>
      schema === 'long' ||
      (typeof schema === 'object' &&
        (schema as { type?: unknown }).type === 'long' &&
        !((schema as { logicalType?: string }).logicalType! in logicalTypes));
    const avroOptions: Partial<avro.ForSchemaOptions> = {
      logicalTypes,
      // Decoded wrapped, unwrapped by avroToJson: avsc refuses some unions unwrapped (two records).
      wrapUnions: 'always',
      // Longs without a logical type of ours: those read their long as avsc does, always in range.
      // Maps keep every key as a member ("__proto__" included).
      typeHook: (schema, opts) =>
        isPlainLong(schema) ? longType : isMapSchema(schema) ? new OwnKeysMapType(schema, opts) : undefined,
    };
    // strict off: producers' schemas carry keywords Ajv does not know (javaType, title...).
    const ajv = new Ajv({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    this.registry = new SchemaRegistry(
      this.access.clientArgs({ retry: { retries: 2 }, middlewares: [lookupDeadline] }),
      { [SchemaType.AVRO]: avroOptions, [SchemaType.JSON]: { ajvInstance: ajv } },
    );
  }

  async decode(value: Buffer | null): Promise<DecodedRecord> {
    if (!value || value.length === 0) throw new PoisonMessageError('undecodable', 'the record has no value');
    if (value[0] === 0) return { ...(await this.decodeFramed(value)), format: 'registry' };
    return { ...jsonText(value, 'not JSON and not registry-framed'), exact: false, format: 'json' };
  }

  private async decodeFramed(frame: Buffer): Promise<{ value: unknown; exact: boolean; text?: string }> {
    if (frame.length < 5) throw new PoisonMessageError('undecodable', 'registry frame shorter than 5 bytes');
    const schemaId = frame.readInt32BE(1);
    const schema = await this.schemaFor(schemaId);
    const payload = frame.subarray(5);
    try {
      if (avro.Type.isType(schema)) return avroToJson((schema as avro.Type).fromBuffer(payload), this.wrapUnions);
      if (isJsonSchema(schema)) return this.decodeJson(schema, schemaId, payload);
      return { value: await this.registry.decode(frame), exact: false }; // Protobuf
    } catch (error) {
      if (error instanceof PoisonMessageError) throw error;
      throw new PoisonMessageError('undecodable', `schema ${schemaId}: ${(error as Error).message}`);
    }
  }

  /** JSON Schema payloads are parsed here, not by the registry client, so that their text is kept. */
  private decodeJson(schema: RegistryJsonSchema, schemaId: number, payload: Buffer) {
    const parsed = jsonText(payload, `schema ${schemaId}: the payload is not JSON`);
    refuseTooDeep(parsed.value);
    if (!schema.validate(parsed.value)) {
      const detail = (schema.validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`)
        .join('; ');
      throw new PoisonMessageError('invalid_envelope', `does not match schema ${schemaId}: ${detail}`);
    }
    return { ...parsed, exact: false };
  }

  private async schemaFor(schemaId: number): Promise<unknown> {
    try {
      const schema = await this.registry.getSchema(schemaId);
      this.availability.succeeded();
      return schema;
    } catch (error) {
      const kind = classifyRegistryError(error);
      const detail = `schema ${schemaId}: ${(error as Error)?.message ?? String(error)}`;
      if (kind === 'bad_schema') throw new PoisonMessageError('undecodable', detail);
      if (kind === 'not_found' && (await this.registryAnswers())) {
        this.availability.succeeded();
        throw new PoisonMessageError('unknown_schema', `schema id ${schemaId} is not registered`);
      }
      const failure = kind === 'not_found' ? 'unavailable' : kind;
      this.availability.failed(
        failure,
        kind === 'not_found' ? `${detail} (and nothing answers at the base URL)` : detail,
      );
      throw new TransientError(`schema registry ${failure}: ${detail}`);
    }
  }

  /** Whether the registry answers at SCHEMA_REGISTRY_URL (its list of schema types), asked at most every 10 s. */
  private registryAnswers(now = Date.now()): Promise<boolean> {
    if (this.probe && now - this.probe.at < PROBE_TTL_MS) return this.probe.answers;
    // With the registry's credentials and CAs: an authenticated registry answers its own base URL too.
    const answers = this.access
      .fetch('/schemas/types', { signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) })
      .then((res) => {
        void res.body?.cancel();
        return res.ok;
      })
      .catch(() => false);
    this.probe = { at: now, answers };
    return answers;
  }
}

/** Every registry request gets a deadline: the client's own default waits for ever on a registry that hangs. */
const lookupDeadline: RegistryMiddleware = () => ({
  prepareRequest: (next) => next().then((request) => request.enhance({ timeout: REGISTRY_TIMEOUT_MS })),
});

type RegistryMiddleware = NonNullable<ConstructorParameters<typeof SchemaRegistry>[0]['middlewares']>[number];

const isJsonSchema = (schema: unknown): schema is RegistryJsonSchema =>
  typeof (schema as RegistryJsonSchema)?.validate === 'function';

/** UTF-8 JSON text and its value; anything else is undecodable (JSON is UTF-8 by RFC 8259). */
function jsonText(bytes: Buffer, what: string): { value: unknown; text: string } {
  if (!isUtf8(bytes)) throw new PoisonMessageError('undecodable', `${what}: the bytes are not valid UTF-8`);
  const text = bytes.toString('utf8');
  try {
    // JSON.parse does not recurse: a hostile depth costs memory, never the stack.
    return { value: JSON.parse(text), text };
  } catch (error) {
    throw new PoisonMessageError('undecodable', `${what}: ${(error as Error).message}`);
  }
}
