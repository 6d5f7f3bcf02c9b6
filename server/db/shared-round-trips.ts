interface Asked<Item, Answer> {
  item: Item;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

/**
 * One statement at a time, and what is asked while one is on its way goes together in the next:
 * on PostgreSQL each statement is a round trip that costs this process about as much CPU as a
 * step of the task write that asked, so under load many writes share one (the live-event bus's
 * notifications, the assignee check after an edit). `send` answers the items in their order; if
 * it throws, every item of that statement fails with its error.
 */
export class SharedRoundTrips<Item, Answer> {
  private queued: Asked<Item, Answer>[] = [];
  private sending = false;

  constructor(private readonly send: (items: Item[]) => Promise<Answer[]>) {}

  ask(item: Item): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!this.sending) void this.sendQueued();
    });
  }

  private async sendQueued(): Promise<void> {
    this.sending = true;
    while (this.queued.length > 0) {
      const asked = this.queued;
      this.queued = [];
      try {
        const answers = await this.send(asked.map((entry) => entry.item));
        asked.forEach((entry, index) => entry.resolve(answers[index]!));
      } catch (error) {
        for (const entry of asked) entry.reject(error);
      }
    }
    this.sending = false;
  }
}
