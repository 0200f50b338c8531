import { readFileSync } from 'node:fs';
import { environmentVariables } from '../../../src/devtools/reference-docs/configuration-reference.js';
import { Environment } from '../../../src/platform/config/environment.js';

/**
 * Every variable is documented where the reference takes it from (its JSDoc; the page itself is
 * checked by reference-docs.spec.ts), and .env.example carries it with its default.
 */
describe('configuration documentation', () => {
  const variables = Object.entries(new Environment()) as [string, unknown][];
  const example = readFileSync('.env.example', 'utf8');
  const described = new Map(environmentVariables().map((v) => [v.name, v.description]));

  it.each(variables)('%s has a JSDoc comment saying what it is for', (name) => {
    expect(described.get(name)).toMatch(/\w{3,}/);
  });

  it.each(variables)('.env.example carries %s with its default', (name, value) => {
    expect(example).toContain(`\n${name}=${String(value)}\n`);
  });
});
