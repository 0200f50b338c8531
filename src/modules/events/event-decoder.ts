import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config.js';
import { TransientError } from '../../platform/errors/transient.js';
import { PoisonMessageError } from './ingest-errors.js';

export type WireFormat = 'json' | 'registry';

/**
 * Turns an ingest record's bytes into a plain object: JSON text as is, or a record framed by a
 * Confluent-compatible registry (magic byte 0, 4-byte schema id, then Avro or JSON Schema
 * payload). Writer schemas are fetched once per id and cached by the registry client.
 */
@Injectable()
export class EventDecoder {
  private readonly registry: SchemaRegistry;

  constructor(config: AppConfig) {
    this.registry = new SchemaRegistry({ host: config.env.SCHEMA_REGISTRY_URL, retry: { retries: 2 } });
  }

  async decode(value: Buffer | null): Promise<{ value: unknown; format: WireFormat }> {
    if (!value || value.length === 0) throw new PoisonMessageError('undecodable', 'the record has no value');
    if (value[0] === 0) return { value: await this.decodeFramed(value), format: 'registry' };
    try {
      return { value: JSON.parse(value.toString('utf8')), format: 'json' };
    } catch (error) {
      throw new PoisonMessageError('undecodable', `not JSON and not registry-framed: ${(error as Error).message}`);
    }
  }

  private async decodeFramed(value: Buffer): Promise<unknown> {
    if (value.length < 5) throw new PoisonMessageError('undecodable', 'registry frame shorter than 5 bytes');
    const schemaId = value.readInt32BE(1);
    try {
      return await this.registry.decode(value);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) throw new PoisonMessageError('unknown_schema', `schema id ${schemaId} is not registered`);
      if (status !== undefined && status >= 500) throw new TransientError(`schema registry: ${String(error)}`);
      if ((error as Error).name === 'ConfluentSchemaRegistryValidationError')
        throw new PoisonMessageError('invalid_envelope', `does not match schema ${schemaId}: ${String(error)}`);
      if (isNetworkError(error)) throw new TransientError(`schema registry unreachable: ${String(error)}`);
      throw new PoisonMessageError('undecodable', `schema ${schemaId}: ${(error as Error).message}`);
    }
  }
}

function isNetworkError(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error);
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|socket hang up|Timeout/i.test(text);
}
