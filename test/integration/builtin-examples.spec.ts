import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source.js';
import { EventTypesRepository } from '../../src/modules/event-types/event-types.repository.js';
import { testConfig } from '../support/test-config.js';

/**
 * A database seeded by an older release holds the shipped types without examples; the next start
 * gives them the examples (what a test event sends), but never touches a type someone edited.
 */
describe('shipped examples reach an older catalog', () => {
  const db = new DataSource(dataSourceOptions(testConfig()));
  const repository = new EventTypesRepository(db);
  const example = { order_id: 'o-1' };
  const schema = { type: 'object' };

  const seeded: string[] = [];

  beforeAll(() => db.initialize());
  // Other suites list the shared catalog's builtin types: these leave it as they found it.
  afterAll(async () => {
    await db.query('DELETE FROM event_type_versions WHERE type = ANY($1)', [seeded]);
    await db.query('DELETE FROM event_types WHERE type = ANY($1)', [seeded]);
    await db.destroy();
  });

  const seed = async (source: 'builtin' | 'api', examples: unknown[] = []) => {
    const type = `t${randomBytes(6).toString('hex')}.created`;
    seeded.push(type);
    await repository.insert({ type, description: '', source, schemaFormat: 'json-schema', schema, examples });
    return type;
  };
  const examplesOf = async (type: string) => (await repository.get(type))?.examples;

  it('fills an unedited shipped type that has none', async () => {
    const type = await seed('builtin');
    await repository.fillShippedExamples(type, [example]);
    expect(await examplesOf(type)).toEqual([example]);
  });

  it('leaves an edited shipped type, a type of the API and a type with examples as they are', async () => {
    const edited = await seed('builtin');
    await repository.update(edited, () => ({ description: 'edited by an operator' }));
    const ofApi = await seed('api');
    const withOwn = await seed('builtin', [{ order_id: 'own' }]);
    for (const type of [edited, ofApi, withOwn]) await repository.fillShippedExamples(type, [example]);
    expect(await examplesOf(edited)).toEqual([]);
    expect(await examplesOf(ofApi)).toEqual([]);
    expect(await examplesOf(withOwn)).toEqual([{ order_id: 'own' }]);
  });
});
