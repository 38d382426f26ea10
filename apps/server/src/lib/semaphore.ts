/** At most `size` tasks at once; the others wait their turn, in order, for up to `waitMs` (or forever). */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /** A slot, or null when none freed up within `waitMs`. Call the returned function to give it back. */
  async acquire(waitMs = Number.POSITIVE_INFINITY): Promise<(() => void) | null> {
    if (this.running < this.size) return this.take();
    if (waitMs <= 0) return null;
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(this.take());
      };
      const timer = Number.isFinite(waitMs)
        ? setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(turn), 1);
            resolve(null);
          }, waitMs)
        : undefined;
      this.waiting.push(turn);
    });
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = (await this.acquire()) as () => void;
    try {
      return await task();
    } finally {
      release();
    }
  }

  get idle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }

  private take(): () => void {
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.waiting.shift()?.();
    };
  }
}
