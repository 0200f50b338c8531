import { readFileSync } from 'node:fs';
import { Environment } from '../../../src/platform/config/environment.js';

/** The README's configuration table and .env.example stay true: every variable, with its default. */
describe('configuration documentation', () => {
  const variables = Object.entries(new Environment()) as [string, unknown][];
  const readme = readFileSync('README.md', 'utf8');
  const example = readFileSync('.env.example', 'utf8');

  it.each(variables)('README documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\`\\s+\\|`, 'm'));
  });

  it.each(variables)('.env.example carries %s with its default', (name, value) => {
    expect(example).toContain(`\n${name}=${String(value)}\n`);
  });
});
