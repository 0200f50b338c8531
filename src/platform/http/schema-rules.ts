import type { OpenAPIObject } from '@nestjs/swagger';

const SCHEMA_RULES = 'hookline:schema-rules';

/**
 * Rules across the fields of a request model, as JSON Schema (`if`/`then`), which property
 * decorators cannot state: they join the model's component in the OpenAPI document (`allOf`), so
 * clients and the contract test know them. The service checks the same rules itself.
 */
export const SchemaRules =
  (...rules: object[]): ClassDecorator =>
  (target) =>
    Reflect.defineMetadata(SCHEMA_RULES, rules, target);

/** Adds each model's rules to its component of the document. */
export function addSchemaRules(document: OpenAPIObject, models: readonly (new () => unknown)[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, { allOf?: object[] }>;
  for (const model of models) {
    const rules = Reflect.getOwnMetadata(SCHEMA_RULES, model) as object[] | undefined;
    const schema = schemas[model.name];
    if (rules && schema) schema.allOf = [...(schema.allOf ?? []), ...rules];
  }
}
