import type { ApiError } from "../../domain/errors";

/** An API answer other than 2xx, carrying the server's message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/**
 * JSON in, JSON out, same-origin credentials; a 4xx/5xx becomes an ApiRequestError. A Blob body
 * (a file) is sent as it is, with its own type.
 */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const isFile = init.body instanceof Blob;
  const response = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    headers: init.body === undefined ? {} : { "content-type": isFile ? (init.body as Blob).type : "application/json" },
    body: init.body === undefined ? undefined : isFile ? (init.body as Blob) : JSON.stringify(init.body),
  });
  return answerOf<T>(response);
}

/** An API response's JSON, or an ApiRequestError carrying the server's message for a 4xx/5xx. */
export async function answerOf<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (json as ApiError | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? "internal",
      error?.message ?? `The server answered ${response.status}.`,
    );
  }
  return json as T;
}

/** What to tell the user about a failed call: the server's message, or that it was not reached. */
export function errorMessage(reason: unknown): string {
  return reason instanceof ApiRequestError
    ? reason.message
    : "The server could not be reached. Check your connection and try again.";
}
