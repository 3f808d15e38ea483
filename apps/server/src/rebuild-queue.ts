/**
 * The order and the pace in which the tables a keeper has claimed come back after a restart
 * (table-keeper.ts): RebuildQueue says which table is rebuilt next, LoopTurns lets one rebuild
 * start per turn of the event loop.
 */
import type { ResumableMatch } from "@saloon/db";

/** Tables loaded from the store per query while rebuilding. */
const LOAD_CHUNK = 100;

/**
 * Hands out event-loop turns to the rebuild: one waiter per turn, or (with a slice) every waiter
 * in one turn that goes on while the slice lasts. Node (libuv 1.46) accepts one new connection
 * per turn of the event loop, so the rebuild's turns pace the people coming back: eight
 * rebuilds side by side in one turn, with no limit, held 300 WebSocket connections in the accept
 * queue for 5–8 s; one table per turn let them in during the rebuild, but every turn's own cost
 * and the tables already playing stretched it. Slices of 50 ms (table-keeper.ts) do the rebuild
 * in a few long turns, then the connections come in (docs/recovery.md).
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;
  /** Until when (performance.now()) the turn under way may start more waiters at once. */
  private sliceUntil = -Infinity;

  /** `sliceMs`: how long one turn may go on starting waiters (0: one waiter per turn). */
  constructor(private readonly sliceMs = 0) {}

  next(): Promise<void> {
    // Within the turn's slice the waiter goes on in this turn, if the slice is still open when
    // its turn in the microtask queue comes (the other waiters' steps may run before it: checked
    // only when asked, eight creators could each take one more step past the slice).
    if (performance.now() < this.sliceUntil) return Promise.resolve().then(() => (performance.now() < this.sliceUntil ? undefined : this.nextTurn()));
    return this.nextTurn();
  }

  private nextTurn(): Promise<void> {
    return new Promise((start) => {
      this.waiting.push(start);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // An immediate queued while immediates run waits for the next turn: one start per turn.
    setImmediate(() => {
      this.scheduled = false;
      this.sliceUntil = performance.now() + this.sliceMs;
      // With a slice every waiter starts now, and goes on while the slice lasts.
      for (const start of this.sliceMs > 0 ? this.waiting.splice(0) : this.waiting.splice(0, 1)) start();
      this.schedule();
    });
  }
}

/**
 * The claimed tables of one rebuild, in the order they come back: those somebody is waiting
 * for first (rush), then the rest as the store hands them over. The store is read in chunks,
 * one ahead of the rebuilding; the rushed tables not loaded yet are read together, once per
 * turn of the event loop (after a restart hundreds of people ask within a second: one read
 * each queued 300 reads in the pool ahead of the chunks, bench:recovery).
 */
export class RebuildQueue {
  private readonly loaded = new Map<string, ResumableMatch>();
  /** Loaded ids in the order the store gave them. */
  private readonly inOrder: string[] = [];
  private cursor = 0;
  private readonly rushed: string[] = [];
  /** Every rushed table before this index is taken. */
  private rushedFrom = 0;
  private readonly rushedIds = new Set<string>();
  private readonly claimed: Set<string>;
  private readonly taken = new Set<string>();
  private readonly loadingAlone = new Set<string>();
  /** Rushed ids waiting for the read this turn makes. */
  private toReadAlone: string[] = [];
  private readonly waiters: (() => void)[] = [];
  private chunksDone = false;
  private aloneLoads = 0;
  private failure: unknown = null;
  private stalledSince = 0;
  rushedCount = 0;
  /** Time every creator waited for the store with nothing loaded to rebuild (ms). */
  waitedMs = 0;

  constructor(
    private readonly ids: string[],
    private readonly load: (ids: string[]) => Promise<ResumableMatch[]>,
    /** How many call next() side by side (a stall is all of them waiting). */
    private readonly creators = 1,
  ) {
    this.claimed = new Set(ids);
    void this.loadChunks();
  }

  /** Somebody waits for table `id`: it comes back next (read from the store, with the others rushed meanwhile, if need be). */
  rush(id: string): void {
    if (this.taken.has(id) || this.rushedIds.has(id) || !this.claimed.has(id)) return;
    this.rushed.push(id);
    this.rushedIds.add(id);
    this.rushedCount += 1;
    if (this.loaded.has(id) || this.loadingAlone.has(id)) return this.notify();
    this.loadingAlone.add(id);
    this.toReadAlone.push(id);
    // This turn's read is scheduled already, or one is under way: the ids go with the next.
    if (this.toReadAlone.length > 1 || this.aloneLoads > 0) return;
    this.readRushed();
  }

  /**
   * Reads the rushed tables asked for so far, in one query, at the end of this turn; at most one
   * such read at a time, and those asked for meanwhile go together in the next. On PGlite, whose
   * one connection runs one query at a time, a read per turn of the loop queued hundreds of small
   * reads ahead of the chunks after a restart (each with the query's whole fixed cost).
   */
  private readRushed(): void {
    this.aloneLoads += 1;
    setImmediate(() => {
      const ids = this.toReadAlone.filter((wanted) => !this.loaded.has(wanted) && !this.taken.has(wanted));
      this.toReadAlone = [];
      (ids.length > 0 ? this.load(ids) : Promise.resolve([]))
        .then(
          (matches) => this.add(matches),
          (error: unknown) => (this.failure ??= error),
        )
        .finally(() => {
          this.aloneLoads -= 1;
          if (this.toReadAlone.length > 0 && !this.failure) this.readRushed();
          this.notify();
        });
    });
  }

  /** The next table to rebuild, or null once every one is taken (or gone from the store). */
  async next(): Promise<ResumableMatch | null> {
    for (;;) {
      if (this.failure) throw this.failure;
      const id = this.firstRushed() ?? this.firstInOrder();
      if (id) {
        this.taken.add(id);
        const match = this.loaded.get(id)!;
        this.loaded.delete(id);
        return match;
      }
      if (this.chunksDone && this.aloneLoads === 0) return null;
      await new Promise<void>((done) => {
        this.waiters.push(done);
        if (this.waiters.length === this.creators) this.stalledSince = performance.now();
      });
    }
  }

  /** Claimed ids not rebuilt: gone from the store as waiting or running, or left when the store failed. */
  missing(): string[] {
    return this.ids.filter((id) => !this.taken.has(id));
  }

  /**
   * The first rushed table that is loaded and not taken. Taken ones leave the front of the list
   * for good (a scan from the start each time was quadratic: 1,000 rushed tables, 165 ms of a
   * restart's profile); a rushed table still loading keeps its place.
   */
  private firstRushed(): string | undefined {
    while (this.rushedFrom < this.rushed.length && this.taken.has(this.rushed[this.rushedFrom]!)) this.rushedFrom += 1;
    for (let i = this.rushedFrom; i < this.rushed.length; i++) {
      const id = this.rushed[i]!;
      if (this.loaded.has(id) && !this.taken.has(id)) return id;
    }
    return undefined;
  }

  private firstInOrder(): string | undefined {
    while (this.cursor < this.inOrder.length && this.taken.has(this.inOrder[this.cursor]!)) this.cursor += 1;
    return this.inOrder[this.cursor];
  }

  private add(matches: ResumableMatch[]): void {
    for (const match of matches) {
      if (this.taken.has(match.id) || this.loaded.has(match.id)) continue;
      this.loaded.set(match.id, match);
      this.inOrder.push(match.id);
    }
    this.notify();
  }

  /** Every waiting creator looks again. */
  private notify(): void {
    if (this.stalledSince > 0) this.waitedMs += performance.now() - this.stalledSince;
    this.stalledSince = 0;
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async loadChunks(): Promise<void> {
    try {
      let next = this.load(this.ids.slice(0, LOAD_CHUNK));
      for (let i = 0; i < this.ids.length; i += LOAD_CHUNK) {
        const matches = await next;
        // The next chunk loads while this one's rooms are created: the database works while the loop does.
        if (i + LOAD_CHUNK < this.ids.length) next = this.load(this.ids.slice(i + LOAD_CHUNK, i + 2 * LOAD_CHUNK).filter((id) => !this.taken.has(id)));
        this.add(matches);
      }
    } catch (error) {
      this.failure ??= error;
    } finally {
      this.chunksDone = true;
      this.notify();
    }
  }
}
