import { LRUCache } from "lru-cache";
import type { ApiTokenScope } from "../../../domain/auth.js";
import type { User } from "../../repositories/user-repository.js";

/** How long a resolved credential is trusted without asking the database again. */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
const DEFAULT_CAPACITY = 10_000;

/** What a session cookie or API token resolved to, as the database said at `cachedAt`. */
export interface CachedCredential {
  kind: "session" | "token";
  /** The session's id hash or the token's id: what revocation names. */
  credentialId: string;
  user: User;
  /** When this credential was last written as used (sessions: last seen; tokens: last used). */
  lastUsedAt: string | null;
  /** Tokens only: what the token may be used for (domain/auth.ts). */
  scope?: ApiTokenScope;
  /** Sessions only: when it was signed in, and its absolute end. */
  createdAt?: string;
  expiresAt?: string;
}

/**
 * Remembers, for a few seconds, which user a session cookie or API token belongs to, so that a
 * burst of requests (a page load, a client syncing, a script) costs one credential lookup instead
 * of one per request.
 *
 * Ending a credential takes effect at once on every process: sign-out, revocation, password reset
 * and account deletion publish a bus event that reaches `forget*` here (bus.ts applyEvent), and
 * the database row is gone before that. The TTL bounds the rest: a change to a user's row (name,
 * admin role) on another process, or a bus event lost while a listener reconnects (then the whole
 * cache is dropped too). Keyed by the credential's hash, never the secret itself.
 */
export class CredentialCache {
  /** Least recently used first out past capacity; an entry is stale after the TTL. */
  private readonly entries: LRUCache<string, CachedCredential>;
  /**
   * Counts forgets. A lookup that started before one must not store what it read: the row it
   * read may be the credential that was just ended (see `set`).
   */
  private forgets = 0;

  constructor(ttlMs = CREDENTIAL_CACHE_TTL_MS, capacity = DEFAULT_CAPACITY, now: () => number = Date.now) {
    // ttlResolution 0: the clock is read at every look-up (a test's clock moves by hand).
    this.entries = new LRUCache({ max: capacity, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  get(hash: string): CachedCredential | undefined {
    return this.entries.get(hash);
  }

  /** Pass to `set`: taken before the database lookup whose answer will be stored. */
  get generation(): number {
    return this.forgets;
  }

  /** Stores a lookup's answer, unless a credential was forgotten since `generation` was read. */
  set(hash: string, value: CachedCredential, generation = this.forgets): void {
    if (generation !== this.forgets) return;
    this.entries.set(hash, value);
  }

  /** Records a touch written to the database, so the following hits do not write it again. */
  touched(hash: string, lastUsedAt: string): void {
    const value = this.entries.peek(hash);
    // Its TTL runs on from when the lookup stored it.
    if (value) this.entries.set(hash, { ...value, lastUsedAt }, { noUpdateTTL: true });
  }

  forgetSession(idHash: string): void {
    this.forgetWhere((value) => value.kind === "session" && value.credentialId === idHash);
  }

  forgetToken(tokenId: string): void {
    this.forgetWhere((value) => value.kind === "token" && value.credentialId === tokenId);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((value) => value.user.id === userId);
  }

  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }

  private forgetWhere(matches: (value: CachedCredential) => boolean): void {
    this.forgets += 1;
    for (const [hash, value] of this.entries.entries()) if (matches(value)) this.entries.delete(hash);
  }
}
