import { createHash } from "node:crypto";
import {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitOptions,
} from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { ACCOUNT_EMAIL_MESSAGES } from "../../domain/account-email-messages.js";
import { TooManyEmailsError } from "../errors.js";
import type { RateLimitRepository } from "../repositories/rate-limit-repository.js";

/**
 * Two kinds of rate limit. The general per-address limit of every request (RATE_LIMIT_MAX) and
 * the plain route limits count in each process's memory: a database write per request would cost
 * every request. The limits that slow down guessing and abuse (sign-in, sign-up, password reset,
 * the contact form) count in the database, `sharedLimit`, so that several processes on one
 * PostgreSQL database do not multiply them; they cost a write only on those rare
 * requests. SQLite uses the table as well: one code path, and counters that survive a restart.
 * Sign-in's limits (`failedTryLimits`) use the same table but count only failed tries.
 */

const SWEEP_EVERY_MS = 10 * 60_000;

type Options = Pick<RateLimitOptions, "max" | "timeWindow"> & {
  /** What is counted, without the limit's name; default: the caller's address (an IPv6 /64). */
  key?: (request: FastifyRequest) => string;
};

/**
 * A limit whose counters every server process shares: for a route's `config.rateLimit` or for
 * `app.createRateLimit`. `name` keeps its counters apart from other limits' (the table is one).
 */
export function sharedLimit(name: string, { key = addressOf, ...options }: Options): RateLimitOptions {
  return { ...options, store: SharedCounters, keyGenerator: (request) => `${name}\n${key(request)}` };
}

/** The caller's address as the plugin counts it by default (an IPv6 /64 is one caller). */
export function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** A limit of `failedTryLimits`: at most `max` failed tries per `key` in `windowMs`. */
export interface FailedTryLimit {
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
}

/** A try that passed the limits: `succeeded()` gives back the places it took. */
export interface Try {
  succeeded(): Promise<void>;
}

/**
 * Limits that count failed tries only, such as wrong passwords: a person who signs in often is
 * never stopped. Each try takes a place in every counter before it is checked, so tries
 * sent in parallel cannot overrun a limit while they are checked, and a try that succeeds gives its
 * places back. The limits are taken in order, and a try refused by one takes no place in those
 * after it. Counters live in the same shared table as `sharedLimit`'s.
 */
/**
 * A limit on the emails one key (a mailbox, a user) is sent, `max` an hour, for a route's
 * preHandler: beside the per-address route limits, so one mailbox cannot be flooded from many
 * addresses. The key exists for unknown emails too, so the limit says nothing about accounts.
 */
export function mailLimit(app: FastifyInstance, name: string, max: number, key: (request: FastifyRequest) => string) {
  const limit = app.createRateLimit(sharedLimit(name, { max, timeWindow: 60 * 60_000, key }));
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw new TooManyEmailsError(ACCOUNT_EMAIL_MESSAGES.tooManyEmails);
  };
}

export function failedTryLimits(
  counters: RateLimitRepository,
  limits: readonly FailedTryLimit[],
  refuse: () => Error,
): (request: FastifyRequest) => Promise<Try> {
  return async (request) => {
    const now = new Date();
    const taken: Array<{ key: string; windowEndsAt: string }> = [];
    for (const limit of limits) {
      const key = hashed(`${limit.name}\n${limit.key(request)}`);
      const { hits, windowEndsAt } = await counters.hit(key, now, limit.windowMs);
      if (hits > limit.max) throw refuse();
      taken.push({ key, windowEndsAt });
    }
    return {
      succeeded: async () => {
        await Promise.all(taken.map(({ key, windowEndsAt }) => counters.refund(key, windowEndsAt)));
      },
    };
  };
}

/** Keys are stored hashed: the table holds no addresses or emails, and keys of any length fit its index. */
function hashed(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** Only a marker: the plugin builds a limit's store with `child()` of the store below, which knows it. */
class SharedCounters implements FastifyRateLimitStore {
  constructor() {
    throw new Error("sharedLimit() options need the store of rateLimitStore() on the rate-limit plugin");
  }
  incr(): void {}
  child(): FastifyRateLimitStore {
    return this;
  }
}

/**
 * The store for @fastify/rate-limit's `store` option: the plugin's own memory store for the
 * general limit and plain route limits, the database for limits made with `sharedLimit`.
 */
export function rateLimitStore(counters: RateLimitRepository, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let nextSweep = 0;
  const sweep = (now: Date) => {
    if (now.getTime() < nextSweep) return;
    nextSweep = now.getTime() + SWEEP_EVERY_MS;
    counters.deleteEnded(now).catch((error: unknown) => log.warn({ err: error }, "rate-limit sweep failed"));
  };
  const shared: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      const now = new Date();
      counters.hit(hashed(key), now, timeWindow).then(
        ({ hits, windowEndsAt }) => {
          sweep(now);
          callback(null, { current: hits, ttl: Math.max(0, Date.parse(windowEndsAt) - now.getTime()) });
        },
        // Unanswered, the plugin fails the request: a limit that cannot count does not let guesses through.
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    child: () => shared,
  };

  return class RateLimitStore implements FastifyRateLimitStore {
    private readonly memory: FastifyRateLimitStore;

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.memory = new LocalStore(options.continueExceeding, options.exponentialBackoff);
    }

    incr(...args: Parameters<FastifyRateLimitStore["incr"]>): void {
      this.memory.incr(...args);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const { store } = routeOptions as { store?: unknown };
      return store === SharedCounters ? shared : this.memory.child(routeOptions);
    }
  };
}
