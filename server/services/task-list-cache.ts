/** Bytes of cached lists per process; the least recently used list goes first past this. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  seq: number;
  body: string;
}

/**
 * A group's whole task list as last sent to each viewer, kept as the JSON text, for as long as
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
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get(groupId: string, viewerId: string, seq: number): string | undefined {
    const key = cacheKey(groupId, viewerId);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.seq !== seq) {
      this.remove(key, entry);
      return undefined;
    }
    // Re-inserting moves it to the end: Map order is our recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(groupId: string, viewerId: string, seq: number, body: string): void {
    const key = cacheKey(groupId, viewerId);
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // JavaScript strings are UTF-16: two bytes a character is the memory they take.
    if (body.length * 2 > this.maxBytes) return;
    this.entries.set(key, { seq, body });
    this.bytes += body.length * 2;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length * 2;
  }
}

function cacheKey(groupId: string, viewerId: string): string {
  return `${groupId}\n${viewerId}`;
}
