// ESM throughout: NestJS 12 ships as ES modules only, so Jest runs in its native ESM mode.
const transform = { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] };
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform,
  testEnvironment: 'node',
};
export default {
  // Two cores: suites on the real stack run two at a time at most.
  maxWorkers: 2,
  // A global option in Jest 30: project entries cannot set it.
  testTimeout: 60_000,
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
    },
    {
      // A core service in a Nest testing module on the real stack, some collaborators replaced per test.
      ...common,
      displayName: 'medium',
      testMatch: ['<rootDir>/test/medium/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
    },
    {
      // Alone, after the rest (make test does): one restarts the shared broker, some compare timings, the quick bench.
      ...common,
      displayName: 'serial',
      testMatch: ['<rootDir>/test/serial/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
    },
  ],
};
