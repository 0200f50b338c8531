import GithubSlugger from 'github-slugger';
import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { inlineText, markdownTable } from './generated-block.js';

type Schema = SchemaObject | ReferenceObject;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const isRef = (schema: unknown): schema is ReferenceObject =>
  typeof schema === 'object' && schema !== null && '$ref' in schema;
const refName = (ref: ReferenceObject) => ref.$ref.split('/').pop() ?? ref.$ref;
const schemaLink = (name: string) => `[${name}](#${new GithubSlugger().slug(name)})`;

/** A schema's type in words: `string (date-time)`, `array of integer`, `a` or `b`, a link to a named schema. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (isRef(schema)) return schemaLink(refName(schema));
  if (schema.enum) return schema.enum.map((v) => `\`${String(v)}\``).join(' or ');
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0]);
  const type = schema.type as string | string[] | undefined;
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const base = Array.isArray(type) ? type.join(' or ') : (type ?? 'any');
  return schema.format ? `${base} (${schema.format})` : base;
}

/** Bounds and default in words, so the table says what the validation enforces. */
function limits(schema: Schema | undefined): string {
  if (!schema || isRef(schema)) return '';
  const range = (min?: number, max?: number, unit = '') =>
    min !== undefined && max !== undefined
      ? `${min}–${max}${unit}`
      : max !== undefined
        ? `≤ ${max}${unit}`
        : min !== undefined
          ? `≥ ${min}${unit}`
          : '';
  const parts = [
    range(schema.minimum, schema.maximum),
    range(schema.minLength, schema.maxLength, ' characters'),
    range(schema.minItems, schema.maxItems, ' items'),
    schema.default !== undefined
      ? `default \`${typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default)}\``
      : '',
  ];
  return parts.filter(Boolean).join('; ');
}

const sentence = (...parts: (string | undefined)[]) =>
  parts
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim())
    .join('. ');

const period = (text: string) => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

function parametersTable(parameters: ParameterObject[]): string {
  const rows = parameters.map((p) => [
    `\`${p.name}\``,
    p.in,
    typeOf(p.schema),
    p.required ? 'yes' : '',
    sentence(p.description, limits(p.schema)),
  ]);
  return markdownTable(['parameter', 'in', 'type', 'required', 'what'], rows);
}

function operationSection(path: string, method: string, operation: OperationObject): string {
  const lines = [`#### \`${method.toUpperCase()} /v1${path}\``, inlineText(period(sentence(operation.summary)))];
  if (operation.deprecated) lines.push(`**Deprecated.** ${inlineText(sentence(operation.description))}`.trim());
  const parameters = (operation.parameters ?? []).filter((p): p is ParameterObject => !isRef(p));
  if (parameters.length > 0) lines.push(parametersTable(parameters));
  const body = operation.requestBody;
  if (body && !isRef(body)) {
    const types = Object.entries(body.content);
    const schema = types[0]?.[1].schema;
    lines.push(`Body (${types.map(([type]) => `\`${type}\``).join(' or ')}): ${typeOf(schema)}.`);
  }
  const answers = Object.entries(operation.responses ?? {});
  const successes = answers.filter(([status]) => status.startsWith('2') || status.startsWith('3'));
  for (const [status, response] of successes) {
    if (!response || isRef(response)) continue;
    const schema = Object.values(response.content ?? {})[0]?.schema;
    const parts = [inlineText(sentence(response.description)), schema ? typeOf(schema) : ''].filter(Boolean);
    lines.push(`- \`${status}\`: ${parts.join(' → ') || 'no body'}`);
  }
  const errors = answers.map(([status]) => status).filter((s) => !successes.some(([ok]) => ok === s));
  if (errors.length > 0) lines.push(`- errors: ${errors.map((s) => `\`${s}\``).join(', ')}`);
  return lines
    .filter(Boolean)
    .join('\n\n')
    .replace(/\n\n- /g, '\n- ')
    .replace(/(\n- [^\n]*)\n- /g, '$1\n- ');
}

function schemaSection(name: string, schema: SchemaObject): string {
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(([field, property]) => [
    `\`${field}\``,
    typeOf(property),
    required.has(field) ? 'yes' : '',
    sentence(isRef(property) ? '' : property.description, limits(property)),
  ]);
  const table = rows.length > 0 ? markdownTable(['field', 'type', 'required', 'what'], rows) : `${typeOf(schema)}.`;
  return [`#### ${name}`, inlineText(sentence(schema.description)), table].filter(Boolean).join('\n\n');
}

const title = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1).replace(/-/g, ' ');

/** The Markdown of the API block: operations by tag, in the document's order, then the named schemas. */
export function apiReference(document: OpenAPIObject): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(path, method, operation)]);
    }
  }
  const operations = [...byTag].map(([tag, sections]) => [`### ${title(tag)}`, ...sections].join('\n\n'));
  const schemas = Object.entries(document.components?.schemas ?? {})
    .filter((entry): entry is [string, SchemaObject] => !isRef(entry[1]))
    .map(([name, schema]) => schemaSection(name, schema));
  return [...operations, '### Schemas', ...schemas].join('\n\n');
}
