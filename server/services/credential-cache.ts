import type { UserRow } from "../repositories/user-repository.js";

/** How long a resolved credential is trusted without asking the database again. */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
const DEFAULT_CAPACITY = 10_000;

/** What a session cookie or API token resolved to, as the database said at `cachedAt`. */
export interface CachedCredential {
  kind: "session" | "token";
  /** The session's id hash or the token's id: what revocation names. */
  credentialId: string;
  user: UserRow;
  /** When this credential was last written as used (sessions: last seen; tokens: last used). */
  lastUsedAt: string | null;
  /** Sessions only: when it was signed in, and its absolute end. */
  createdAt?: string;
  expiresAt?: string;
}

interface Entry {
  value: CachedCredential;
  storedAt: number;
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
  private readonly entries = new Map<string, Entry>();
  /**
   * Counts forgets. A lookup that started before one must not store what it read: the row it
   * read may be the credential that was just ended (see `set`).
   */
  private forgets = 0;

  constructor(
    private readonly ttlMs = CREDENTIAL_CACHE_TTL_MS,
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): CachedCredential | undefined {
    const entry = this.entries.get(hash);
    if (entry === undefined) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /** Pass to `set`: taken before the database lookup whose answer will be stored. */
  get generation(): number {
    return this.forgets;
  }

  /** Stores a lookup's answer, unless a credential was forgotten since `generation` was read. */
  set(hash: string, value: CachedCredential, generation = this.forgets): void {
    if (generation !== this.forgets) return;
    // Map order is insertion order: past capacity the oldest entry goes.
    if (this.entries.size >= this.capacity && !this.entries.has(hash))
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { value, storedAt: this.now() });
  }

  /** Records a touch written to the database, so the following hits do not write it again. */
  touched(hash: string, lastUsedAt: string): void {
    const entry = this.entries.get(hash);
    if (entry) entry.value = { ...entry.value, lastUsedAt };
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
    for (const [hash, entry] of this.entries) if (matches(entry.value)) this.entries.delete(hash);
  }
}
