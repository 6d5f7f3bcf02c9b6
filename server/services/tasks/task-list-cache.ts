import { LRUCache } from "lru-cache";
import { compress, type ContentEncoding } from "../../plugins/response-compression.js";

/** Bytes of cached lists per process; the least recently used list goes first past this. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** A list's JSON text and its compressed copies, each made once, when a client first asks for it. */
export class JsonAnswer {
  private readonly copies = new Map<ContentEncoding, Buffer>();

  constructor(readonly json: string) {}

  encoded(encoding: ContentEncoding): Buffer {
    let copy = this.copies.get(encoding);
    if (copy === undefined) {
      copy = compress(this.json, encoding, "kept");
      this.copies.set(encoding, copy);
    }
    return copy;
  }

  /**
   * What it may take in memory: the text at two bytes a character (UTF-16), and as much again for
   * the compressed copies, each far smaller than the text.
   */
  get bytes(): number {
    return this.json.length * 4;
  }
}

interface Entry {
  /** A group's newest change number, or for the list of all of a user's groups their version text. */
  seq: number | string;
  answer: JsonAnswer;
}

/**
 * A group's whole task list as last sent to each viewer, kept as the JSON text (and its compressed
 * copies once asked for), for as long as
 * the group's change log has not moved. Every change to what a group lists (a task added, edited,
 * completed, shared, unshared, deleted, moved to another category, handed to a new owner) records
 * a change for that group: the same log the clients catch up from with `since`. So the newest
 * change number, read on every request, says whether the text is still the list; nothing has to
 * remember to invalidate it, and several processes on one database stay right.
 *
 * Per viewer because the list carries what the viewer may do with each task (abilities).
 * Membership is checked on every request before this is asked.
 */
export class TaskListCache {
  /** Least recently read first out past the byte budget; a list larger than the budget is not kept. */
  private readonly entries: LRUCache<string, Entry>;

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.answer.bytes),
    });
  }

  get(groupId: string, viewerId: string, seq: number | string): JsonAnswer | undefined {
    const key = cacheKey(groupId, viewerId);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.seq !== seq) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  set(groupId: string, viewerId: string, seq: number | string, answer: JsonAnswer): void {
    const key = cacheKey(groupId, viewerId);
    // One too large for the budget is refused by the cache; the older entry must go all the same.
    this.entries.delete(key);
    this.entries.set(key, { seq, answer });
  }
}

function cacheKey(groupId: string, viewerId: string): string {
  return `${groupId}\n${viewerId}`;
}
