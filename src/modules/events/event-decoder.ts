import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Injectable } from '@nestjs/common';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import avro from 'avsc';
import { AppConfig } from '../../platform/config/app-config.js';
import { registryAccessOf } from '../../platform/schema-registry/registry-access.js';
import { TransientError } from '../../platform/errors/transient.js';
import { parseExact, withPlainNumbers, type BigIntegers } from '../../platform/json/exact-json.js';
import { avroToJson } from './avro-json.js';
import { avroLogicalTypes, exactLongType } from './avro-logical-types.js';
import { PoisonMessageError } from './ingest-errors.js';

export type WireFormat = 'json' | 'registry';

export interface DecodedRecord {
  value: unknown;
  format: WireFormat;
  /** The value may hold bigint or LosslessNumber: serialise it with stringifyExact. */
  exact: boolean;
}

/** What the registry client hands back for a JSON Schema id (its JsonSchema class). */
interface RegistryJsonSchema {
  validate: ((value: unknown) => boolean) & { errors?: { instancePath?: string; message?: string }[] | null };
}

/**
 * Turns an ingest record's bytes into a plain object: JSON text as is, or a record framed by a
 * Confluent-compatible registry (magic byte 0, 4-byte schema id, then Avro or JSON Schema
 * payload). The schema is looked up by the id in the frame, so any subject naming strategy works;
 * writer schemas are fetched once per id and cached by the registry client. Numbers keep every
 * digit and Avro logical types become JSON (see docs/concepts/event-types.md, "Avro to JSON").
 */
@Injectable()
export class EventDecoder {
  private readonly registry: SchemaRegistry;
  private readonly bigIntegers: BigIntegers;
  private readonly wrapUnions: boolean;

  constructor(config: AppConfig) {
    const { env } = config;
    this.bigIntegers = env.BIG_INTEGERS_AS;
    this.wrapUnions = env.AVRO_UNION_WRAPPING;
    const longType = exactLongType(env.BIG_INTEGERS_AS);
    const logicalTypes = avroLogicalTypes({ decimalAs: env.AVRO_DECIMAL_AS, bigIntegersAs: env.BIG_INTEGERS_AS });
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
      typeHook: (schema) => (isPlainLong(schema) ? longType : undefined),
    };
    // strict off: producers' schemas carry keywords Ajv does not know (javaType, title...).
    const ajv = new Ajv({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    this.registry = new SchemaRegistry(registryAccessOf(config).clientArgs({ retry: { retries: 2 } }), {
      [SchemaType.AVRO]: avroOptions,
      [SchemaType.JSON]: { ajvInstance: ajv },
    });
  }

  async decode(value: Buffer | null): Promise<DecodedRecord> {
    if (!value || value.length === 0) throw new PoisonMessageError('undecodable', 'the record has no value');
    if (value[0] === 0) return { ...(await this.decodeFramed(value)), format: 'registry' };
    try {
      return { ...parseExact(value.toString('utf8'), this.bigIntegers), format: 'json' };
    } catch (error) {
      throw new PoisonMessageError('undecodable', `not JSON and not registry-framed: ${(error as Error).message}`);
    }
  }

  private async decodeFramed(frame: Buffer): Promise<{ value: unknown; exact: boolean }> {
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

  /** JSON Schema payloads are parsed here, not by the registry client, so big integers keep their digits. */
  private decodeJson(schema: RegistryJsonSchema, schemaId: number, payload: Buffer) {
    const parsed = parseExact(payload.toString('utf8'), this.bigIntegers);
    if (!schema.validate(parsed.exact ? withPlainNumbers(parsed.value) : parsed.value)) {
      const detail = (schema.validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`)
        .join('; ');
      throw new PoisonMessageError('invalid_envelope', `does not match schema ${schemaId}: ${detail}`);
    }
    return parsed;
  }

  private async schemaFor(schemaId: number): Promise<unknown> {
    try {
      return await this.registry.getSchema(schemaId);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) throw new PoisonMessageError('unknown_schema', `schema id ${schemaId} is not registered`);
      if (status !== undefined && status >= 500) throw new TransientError(`schema registry: ${String(error)}`);
      if (isNetworkError(error)) throw new TransientError(`schema registry unreachable: ${String(error)}`);
      throw new PoisonMessageError('undecodable', `schema ${schemaId}: ${(error as Error).message}`);
    }
  }
}

const isJsonSchema = (schema: unknown): schema is RegistryJsonSchema =>
  typeof (schema as RegistryJsonSchema)?.validate === 'function';

function isNetworkError(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error);
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|socket hang up|Timeout/i.test(text);
}
