/**
 * The server's rate budgets, shared by every room and the HTTP layer (DESIGN.md principle 8).
 * Each budget follows a person (the guest token) and an address, never a connection, so
 * reconnecting or opening another table does not refill it.
 */
import { KeyedBuckets, type RateLimit } from "./rate-limit.ts";

export interface BudgetLimits {
  /** Table messages per person. */
  messages: RateLimit;
  /** Table messages per address: several people may share one (a household, an office). */
  messagesPerAddress: RateLimit;
  /** Matchmaking requests (create, join, reconnect) per address. */
  matchmakePerAddress: RateLimit;
  /** Tables created per address and per person. */
  createsPerAddress: RateLimit;
  createsPerPerson: RateLimit;
}

export const DEFAULT_BUDGETS: BudgetLimits = {
  messages: { perSecond: 10, burst: 20 },
  messagesPerAddress: { perSecond: 40, burst: 80 },
  matchmakePerAddress: { perSecond: 5, burst: 30 },
  // Ten tables at once, then one every six seconds per address; one every twelve per person.
  createsPerAddress: { perSecond: 1 / 6, burst: 10 },
  createsPerPerson: { perSecond: 1 / 12, burst: 5 },
};

export class Budgets {
  private readonly messagesByPerson: KeyedBuckets;
  private readonly messagesByAddress: KeyedBuckets;
  private readonly matchmakeByAddress: KeyedBuckets;
  private readonly createsByAddress: KeyedBuckets;
  private readonly createsByPerson: KeyedBuckets;

  constructor(readonly limits: BudgetLimits = DEFAULT_BUDGETS) {
    this.messagesByPerson = new KeyedBuckets(limits.messages);
    this.messagesByAddress = new KeyedBuckets(limits.messagesPerAddress);
    this.matchmakeByAddress = new KeyedBuckets(limits.matchmakePerAddress);
    this.createsByAddress = new KeyedBuckets(limits.createsPerAddress);
    this.createsByPerson = new KeyedBuckets(limits.createsPerPerson);
  }

  /** One table message from a person (their token, or their connection when they have none) at an address. */
  message(person: string, address: string, now = performance.now()): boolean {
    return this.messagesByPerson.take(person, now) && this.messagesByAddress.take(address, now);
  }

  matchmake(address: string, now = performance.now()): boolean {
    return this.matchmakeByAddress.take(address, now);
  }

  createByAddress(address: string, now = performance.now()): boolean {
    return this.createsByAddress.take(address, now);
  }

  createByPerson(token: string, now = performance.now()): boolean {
    return this.createsByPerson.take(token, now);
  }
}
