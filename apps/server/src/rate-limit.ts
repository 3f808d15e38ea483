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
