import { AppConfig, ConfigError } from '../../src/platform/config/app-config.js';

/** The message a configuration is refused with; fails the test when it is accepted or fails otherwise. */
export function configRefusal(env: Record<string, string>): string {
  try {
    AppConfig.fromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}
