/**
 * The one way out of the browser (seed 000 §2, intents.ts): every read the page makes waits its turn in a queue —
 * parallel reads under one session collide at the desk — while an Ask goes at once, ahead of every read still
 * waiting: a question never waits behind a screen's reads. The queue is the page's client; the transport is plain
 * fetch to this page's own origin.
 */
type Job = { run: () => Promise<void> };

export class IntentQueue {
  private readonly waiting: Job[] = [];
  private running = 0;

  constructor(private readonly concurrency = 1) {}

  /** A screen's read: queued behind the reads before it. */
  read<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ run: () => work().then(resolve, reject) });
      this.pump();
    });
  }

  /** An Ask: at once, never queued, never counted against the reads' turn. */
  priority<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Reads not yet started (for tests and the page's "loading" state). */
  get pending(): number {
    return this.waiting.length;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running += 1;
      void job.run().finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }
}
