/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Asks `attempt` up to `tries` times, each given `timeoutMs` (as the service worker's ready
 * state is awaited 5 s, 3 times; 15 s, 5 times on a phone, whose worker can start slowly after
 * the app was in the background). The last failure is the one reported.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { tries, timeoutMs, message }: { tries: number; timeoutMs: number; message: string },
): Promise<T> {
  let lastError: unknown;
  for (let index = 0; index < tries; index += 1) {
    try {
      return await withTimeout(attempt(), timeoutMs, message);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(message);
}
