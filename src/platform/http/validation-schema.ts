import { getMetadataStorage, ValidationTypes } from 'class-validator';

/** @nestjs/swagger's reflect-metadata keys for a model's properties (its `DECORATORS` constants). */
const PROPERTIES = 'swagger/apiModelProperties';
const PROPERTY_NAMES = 'swagger/apiModelPropertiesArray';

type Schema = Record<string, unknown>;
interface Rule {
  type: string;
  name?: string;
  constraints?: unknown[];
  each?: boolean;
}

/**
 * What each class-validator rule means in JSON Schema. A rule missing here is not documented, so a
 * DTO may only use these (the unit test of every API DTO fails otherwise): the document then says
 * exactly what the validation enforces, no more, no less.
 */
const RULES: Record<string, (c: unknown[]) => Schema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array' }),
  isObject: () => ({ type: 'object' }),
  minLength: ([n]) => ({ minLength: n }),
  maxLength: ([n]) => ({ maxLength: n }),
  matches: ([re]) => ({ pattern: (re as RegExp).source }),
  isIn: ([values]) => ({ enum: values }),
  min: ([n]) => ({ minimum: n }),
  max: ([n]) => ({ maximum: n }),
  arrayNotEmpty: () => ({ minItems: 1 }),
  arrayMinSize: ([n]) => ({ minItems: n }),
  arrayMaxSize: ([n]) => ({ maxItems: n }),
  arrayUnique: () => ({ uniqueItems: true }),
  isUuid: () => ({ type: 'string', format: 'uuid' }),
  isDateTime: () => ({ type: 'string', format: 'date-time' }),
};

/** Rules that shape validation without a JSON Schema keyword of their own. */
const STRUCTURAL = new Set<string>([
  ValidationTypes.CONDITIONAL_VALIDATION,
  ValidationTypes.NESTED_VALIDATION,
  ValidationTypes.WHITELIST,
  ValidationTypes.IS_DEFINED,
]);

function rulesOf(target: new () => unknown): Map<string, Rule[]> {
  const rules = new Map<string, Rule[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const list = rules.get(rule.propertyName) ?? [];
    list.push({ type: rule.type, name: rule.name, constraints: rule.constraints, each: rule.each });
    rules.set(rule.propertyName, list);
  }
  return rules;
}

const keyOf = (rule: Rule) => (rule.type === ValidationTypes.CUSTOM_VALIDATION ? rule.name : rule.type) ?? '';

/** The JSON Schema of one property, from its validation rules alone. */
export function propertySchema(rules: Rule[]): { schema: Schema; required: boolean; unmapped: string[] } {
  const own: Schema = {};
  const items: Schema = {};
  const unmapped: string[] = [];
  let required = true;
  for (const rule of rules) {
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) required = false;
    const map = RULES[keyOf(rule)];
    if (!map) {
      if (!STRUCTURAL.has(rule.type)) unmapped.push(keyOf(rule));
      continue;
    }
    Object.assign(rule.each ? items : own, map(rule.constraints ?? []));
  }
  if (Object.keys(items).length) own.items = items;
  return { schema: own, required, unmapped };
}

/** The rules of a class that the document cannot say: an API DTO must have none. */
export function unmappedRules(target: new () => unknown): string[] {
  return [...rulesOf(target)].flatMap(([property, rules]) =>
    propertySchema(rules).unmapped.map((rule) => `${property}: ${rule}`),
  );
}

/**
 * Writes the constraints of every validated property of `target` into its OpenAPI property
 * metadata, over whatever @ApiProperty said: the validation is the one source of types, formats,
 * bounds, patterns, enums and `required`; @ApiProperty keeps descriptions, examples and response
 * shapes. Idempotent (each app start documents again).
 */
export function documentValidation(target: new () => unknown): void {
  const prototype = target.prototype as object;
  const names = new Set<string>(Reflect.getMetadata(PROPERTY_NAMES, prototype) ?? []);
  for (const [property, rules] of rulesOf(target)) {
    const { schema, required } = propertySchema(rules);
    const existing = (Reflect.getMetadata(PROPERTIES, prototype, property) ?? {}) as Schema;
    const derived: Schema = { ...existing, ...schema, required };
    if (schema.type === 'array') {
      // Swagger builds arrays from `isArray` and the item type; explicit items replace both.
      derived.type = 'array';
      derived.items = { ...itemTypeOf(existing), ...(schema.items as Schema | undefined) };
      delete derived.isArray;
    }
    Reflect.defineMetadata(PROPERTIES, derived, prototype, property);
    names.add(`:${property}`);
  }
  Reflect.defineMetadata(PROPERTY_NAMES, [...names], prototype);
}

function itemTypeOf(existing: Schema): Schema {
  if (existing.items && typeof existing.items === 'object') return existing.items as Schema;
  if (existing.type === String) return { type: 'string' };
  return {};
}
