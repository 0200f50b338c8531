import { isTransient } from './transient.js';

/**
 * Runs fn until it succeeds or fails for a reason a retry cannot fix. For steps after a side
 * effect (the POST already happened): retrying only this step avoids repeating the effect.
 */
export async function retryTransient<T>(fn: () => Promise<T>, onRetry?: (error: unknown) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isTransient(error)) throw error;
      onRetry?.(error);
      await new Promise((r) => setTimeout(r, Math.min(10_000, 100 * 2 ** attempt)));
    }
  }
}
