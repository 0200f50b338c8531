import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Every Kafka client comes from one factory, so none can miss the TLS and SASL settings.
const kafkaClients = {
  selector: "NewExpression[callee.name='Kafka'], NewExpression[callee.property.name='Kafka']",
  message: 'make Kafka clients with createKafkaClient (src/platform/kafka/kafka-client.ts)',
};

// Configuration is parsed once, in platform/config, into sections (config.kafka, config.delivery…):
// reading the raw variables elsewhere would parse them again, each caller its own way.
const rawConfigReads = [
  {
    selector: "MemberExpression[property.name='env'][object.name=/config$/i]",
    message: 'read the typed sections of AppConfig (config.kafka, config.delivery…), not config.env',
  },
  {
    selector: "MemberExpression[property.name='env'][object.property.name=/config$/i]",
    message: 'read the typed sections of AppConfig (config.kafka, config.delivery…), not config.env',
  },
  {
    selector: "VariableDeclarator[init.name=/config$/i] > ObjectPattern > Property[key.name='env']",
    message: 'read the typed sections of AppConfig (config.kafka, config.delivery…), not config.env',
  },
  {
    selector: "VariableDeclarator[init.property.name=/config$/i] > ObjectPattern > Property[key.name='env']",
    message: 'read the typed sections of AppConfig (config.kafka, config.delivery…), not config.env',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', '.cache/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Configuration is read once, in platform/config; everywhere else it is injected.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'inject AppConfig instead (src/platform/config)' },
      ],
      'no-restricted-syntax': ['error', kafkaClients, ...rawConfigReads],
    },
  },
  {
    files: ['src/platform/kafka/kafka-client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...rawConfigReads] },
  },
  {
    // The one place that reads the raw variables and parses them.
    files: ['src/platform/config/**'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': ['error', kafkaClients] },
  },
  {
    // Tests, the benchmark and deployment scripts set up processes and read their own variables
    // (TEST_DATABASE_URL, BENCH_*); the service's settings still come through the sections.
    files: ['test/**', 'bench/**', 'deploy/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
);
