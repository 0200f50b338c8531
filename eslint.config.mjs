import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
        { object: 'process', property: 'env', message: 'inject AppConfig instead' },
      ],
      // Every Kafka client comes from one factory, so none can miss the TLS and SASL settings.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Kafka'], NewExpression[callee.property.name='Kafka']",
          message: 'make Kafka clients with createKafkaClient (src/platform/kafka/kafka-client.ts)',
        },
      ],
    },
  },
  {
    files: ['src/platform/kafka/kafka-client.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: [
      'src/main.ts',
      'src/cli.ts',
      'src/demo/**',
      'src/devtools/**',
      'src/platform/telemetry/**',
      'test/**',
      'bench/**',
      'deploy/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
);
