/**
 * A token bucket per client: `burst` messages at once, refilled at `perSecond`. A client that
 * clicks fast is never refused; a script that floods gets RATE_LIMITED answers instead of
 * making the room do work. (Colyseus's own `maxMessagesPerSecond`, set higher, still closes
 * the connection of a client that keeps flooding.)
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: RateLimit,
    now: number,
  ) {
    this.tokens = limit.burst;
    this.updatedAt = now;
  }

  /** True once the bucket has refilled completely: it then behaves like a new one. */
  isFull(now: number): boolean {
    return this.tokens + (Math.max(0, now - this.updatedAt) / 1000) * this.limit.perSecond >= this.limit.burst;
  }

  /** Takes one token if there is one; false means the message must be refused. */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.limit.burst, this.tokens + elapsed * this.limit.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Token buckets by key (a person's guest token, an address), so a budget follows whoever spends
 * it across connections, reconnections and tables: issue #9 reached 503 messages/s against a
 * documented 10 by reconnecting for a fresh bucket. Memory is bounded: a bucket that has
 * refilled is the same as a new one and is dropped when the map grows past `maxKeys`.
 */
export class KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    readonly limit: RateLimit,
    private readonly maxKeys = 50_000,
  ) {}

  take(key: string, now: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.sweep(now);
      bucket = new TokenBucket(this.limit, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
    // Still full of live buckets (someone inventing keys): forget the oldest half. The address
    // budget still bounds such a client.
    if (this.buckets.size >= this.maxKeys) {
      let drop = Math.ceil(this.buckets.size / 2);
      for (const key of this.buckets.keys()) {
        if (drop-- <= 0) break;
        this.buckets.delete(key);
      }
    }
  }
}
