import 'reflect-metadata';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, getMetadataStorage } from 'class-validator';
import { typeOf } from '../../../src/devtools/reference-docs/api-reference.js';
import { describeRule, sectionTitle } from '../../../src/devtools/reference-docs/configuration-reference.js';
import { replaceGeneratedBlock, tableCell } from '../../../src/devtools/reference-docs/generated-block.js';
import { definedMetrics } from '../../../src/devtools/reference-docs/metrics-reference.js';

class Sample {
  @IsOptional() @IsInt() @Min(1) @Max(10) COUNT = 3;
  @IsOptional() @IsBoolean() ON = false;
  @IsOptional() @IsIn(['a', 'b']) MODE = 'a';
  @IsOptional() @Matches(/^x+$/, { message: 'must be one or more x' }) XS = 'x';
  @IsOptional() @IsString() NAME = '';
}

const ruleOf = (property: string) =>
  describeRule(
    getMetadataStorage()
      .getTargetValidationMetadatas(Sample, '', true, false)
      .filter((m) => m.propertyName === property && m.type === 'customValidation'),
  );

describe('the configuration reference', () => {
  it('says in words what each validation rule accepts', () => {
    expect(['COUNT', 'ON', 'MODE', 'XS', 'NAME'].map(ruleOf)).toEqual([
      'integer 1–10',
      '`true` or `false`',
      'one of `a`, `b`',
      'one or more x',
      'text',
    ]);
  });

  it('titles a section after the class that groups its variables', () => {
    const classes = ['Environment', 'CatalogEnvironment', 'BackgroundWorkEnvironment', 'KafkaEnv', 'ApiEnvironment'];
    expect(classes.map(sectionTitle)).toEqual(['Service', 'Catalog', 'Background work', 'Kafka', 'API']);
  });
});

describe('generated blocks', () => {
  it('replace only what sits between their markers', () => {
    const page = 'intro\n<!-- BEGIN GENERATED: x (npm run docs:generate) -->\nold\n<!-- END GENERATED: x -->\noutro\n';
    expect(replaceGeneratedBlock(page, 'x', 'new')).toBe(
      'intro\n<!-- BEGIN GENERATED: x (npm run docs:generate) -->\n\nnew\n\n<!-- END GENERATED: x -->\noutro\n',
    );
    expect(() => replaceGeneratedBlock(page, 'y', 'new')).toThrow(/no generated block "y"/);
  });

  it('keep table cells intact: pipes escaped, tags and emphasis escaped outside code spans', () => {
    expect(tableCell('hookline.<prefix> or `<prefix>`, a|b, *all*')).toBe(
      'hookline.&lt;prefix> or `<prefix>`, a\\|b, \\*all\\*',
    );
  });
});

describe('the metrics reference', () => {
  const fixture = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'metrics-'));
    mkdirSync(join(dir, 'telemetry'));
    writeFileSync(join(dir, 'telemetry', 'metrics.ts'), 'export function counter() {}');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return { dir, metricsModule: join(dir, 'telemetry', 'metrics.ts') };
  };

  it('finds every definition, aliased imports and const label lists included, once per name', () => {
    const { dir, metricsModule } = fixture({
      'a.ts': [
        "import { counter as c, gauge } from './telemetry/metrics.js';",
        "const LABELS = ['x', 'y'] as const;",
        "const total = c('m_total', 'Things done', LABELS);",
        "class K { constructor() { gauge('g_now', 'Things now'); } }",
      ].join('\n'),
      'b.ts': "import { counter } from './telemetry/metrics.js';\ncounter('m_total', 'Things done', ['x', 'y']);",
      'c.ts': "import { counter } from './elsewhere/metrics.js';\ncounter('not_ours', 'ignored');",
    });
    expect(definedMetrics(dir, metricsModule)).toEqual([
      { name: 'g_now', kind: 'gauge', help: 'Things now', labels: [], definedIn: [expect.stringMatching(/a\.ts$/)] },
      {
        name: 'm_total',
        kind: 'counter',
        help: 'Things done',
        labels: ['x', 'y'],
        definedIn: [expect.stringMatching(/a\.ts$/), expect.stringMatching(/b\.ts$/)],
      },
    ]);
  });

  it('refuses a name it cannot read and a name defined twice differently', () => {
    const dynamic = fixture({
      'a.ts': "import { counter } from './telemetry/metrics.js';\nconst n = 'x';\ncounter(n, 'help');",
    });
    expect(() => definedMetrics(dynamic.dir, dynamic.metricsModule)).toThrow(
      /a\.ts:3: the metric's name must be a string literal/,
    );
    const twice = fixture({
      'a.ts': "import { counter } from './telemetry/metrics.js';\ncounter('m', 'one');",
      'b.ts': "import { counter } from './telemetry/metrics.js';\ncounter('m', 'two');",
    });
    expect(() => definedMetrics(twice.dir, twice.metricsModule)).toThrow(
      /m is defined again with another kind, help or labels/,
    );
  });
});

describe('the API reference', () => {
  it('names types as a reader needs them, named schemas as links', () => {
    expect(typeOf({ $ref: '#/components/schemas/SubscriptionResource' })).toBe(
      '[SubscriptionResource](#subscriptionresource)',
    );
    expect(typeOf({ type: 'array', items: { type: 'string', format: 'uri' } })).toBe('array of string (uri)');
    expect(typeOf({ type: 'string', enum: ['active', 'failing'] })).toBe('`active` or `failing`');
    expect(typeOf({ oneOf: [{ type: 'integer' }, { type: 'null' }] })).toBe('integer or null');
  });
});
