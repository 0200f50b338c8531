import 'reflect-metadata';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import ts from 'typescript';
import { Environment } from '../../platform/config/environment.js';
import { projectRoot } from '../../platform/project-root.js';
import { markdownTable } from './generated-block.js';
import { jsDocText, parseSourceFiles } from './jsdoc.js';

/** Where the variables are declared: every class there whose properties Environment has. */
export const CONFIG_DIR = join(projectRoot(), 'src/platform/config');

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

export interface Variable {
  name: string;
  declaredIn: string;
  description: string;
  default: unknown;
  rule: string;
}

interface Declaration {
  className: string;
  description: string;
}

/** Property name → the class declaring it and its JSDoc, read from the source with the compiler API. */
function declarations(): Map<string, Declaration> {
  const byName = new Map<string, Declaration>();
  for (const file of parseSourceFiles(CONFIG_DIR)) {
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const className = statement.name.text;
      for (const member of statement.members) {
        if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name)) {
          byName.set(member.name.text, { className, description: jsDocText(member) });
        }
      }
    }
  }
  return byName;
}

const bounds = (min?: number, max?: number) =>
  min !== undefined && max !== undefined
    ? ` ${min}–${max}`
    : min !== undefined
      ? ` ≥ ${min}`
      : max !== undefined
        ? ` ≤ ${max}`
        : '';

/** What a value must be, in words, from the class-validator decorators on the property. */
export function describeRule(rules: ValidationMetadata[]): string {
  const constraint = (name: string) => rules.find((r) => r.name === name)?.constraints?.[0] as unknown;
  const has = (name: string) => rules.some((r) => r.name === name);
  const matches = rules.find((r) => r.name === 'matches');
  if (has('isBoolean')) return '`true` or `false`';
  if (has('isInt')) return `integer${bounds(constraint('min') as number, constraint('max') as number)}`;
  if (has('isIn')) return `one of ${(constraint('isIn') as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}`;
  if (matches && typeof matches.message === 'string') return matches.message.replace(/^must be /, '');
  if (matches) return `matches \`${String(matches.constraints[0])}\``;
  if (has('isUrl')) return 'an http or https URL';
  if (constraint('minLength') === 1) return 'text, not empty';
  if (has('minLength')) return `text of at least ${String(constraint('minLength'))} characters`;
  if (has('isString')) return 'text';
  return customRule(rules);
}

/** A validator of the project's own: its message when it has one, else its name in words (isDurationList → duration list). */
function customRule(rules: ValidationMetadata[]): string {
  const named = rules.find((r) => r.name);
  if (!named) return 'any value';
  if (typeof named.message === 'string') return named.message.replace(/^must be /, '');
  return named
    .name!.replace(/^is/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** Every variable Environment reads, in the order of its class chain (Environment's own first). */
export function environmentVariables(): Variable[] {
  const byName = declarations();
  const defaults = new Environment() as unknown as Record<string, unknown>;
  const metadata = getMetadataStorage().getTargetValidationMetadatas(Environment, '', true, false);
  const variables = Object.keys(defaults).map((name) => {
    const declaration = byName.get(name);
    if (!declaration) throw new Error(`${name}: no declaration found under ${CONFIG_DIR}`);
    const rules = metadata.filter((m) => m.propertyName === name && m.type === 'customValidation');
    return {
      name,
      declaredIn: declaration.className,
      description: declaration.description,
      default: defaults[name],
      rule: describeRule(rules),
    };
  });
  const chain = classChain();
  const rank = (v: Variable) => (chain.includes(v.declaredIn) ? chain.indexOf(v.declaredIn) : chain.length);
  return variables.sort((a, b) => rank(a) - rank(b));
}

/** Environment and the classes it extends, most derived first. */
function classChain(): string[] {
  const names: string[] = [];
  for (let c: unknown = Environment; typeof c === 'function' && c.name; c = Object.getPrototypeOf(c)) {
    names.push((c as { name: string }).name);
  }
  return names;
}

/** A section title from a class name: CatalogEnvironment → Catalog; ApiEnvironment → API; Environment → Service. */
export function sectionTitle(className: string): string {
  const words = className
    .replace(/Environment$|Env$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  if (words === '') return 'Service';
  const title = words.charAt(0) + words.slice(1).toLowerCase();
  return title.replace(/^Api\b/, 'API');
}

const shownDefault = (value: unknown) => (value === '' ? 'empty' : `\`${String(value)}\``);

/** The Markdown of the configuration block: one table per declaring class, which groups by concern. */
export function configurationReference(variables = environmentVariables()): string {
  const undocumented = variables.filter((v) => v.description === '').map((v) => v.name);
  if (undocumented.length > 0) {
    throw new Error(`no JSDoc comment on ${undocumented.join(', ')}: say what each is for (and its unit) above it`);
  }
  const sections = [...new Set(variables.map((v) => v.declaredIn))];
  return sections
    .map((className) => {
      const rows = variables
        .filter((v) => v.declaredIn === className)
        .map((v) => [`\`${v.name}\``, shownDefault(v.default), v.rule, v.description]);
      return `### ${sectionTitle(className)}\n\n${markdownTable(['variable', 'default', 'accepts', 'what'], rows)}`;
    })
    .join('\n\n');
}
