/**
 * Keeps every running game alive across restarts, crashes and processes (principles 5 and 7).
 *
 * On start, and then every `scanMs`, the keeper claims the running matches whose process is gone
 * (TableOwnership: a compare-and-set on the match row, so a table is never taken twice) and
 * rebuilds each as a table room under its own id, from its seed and stored actions. Its
 * people reconnect to the same id and are matched to their seats by the hash of their token.
 *
 * `exclusive`: this is the only process on its database (no REDIS_URL), so at start every
 * running match is this process's to rebuild at once, whoever had it; otherwise a match waits
 * until its previous owner's lease has run out.
 *
 * A table never runs twice: with other processes about (not `exclusive`), when this process
 * cannot renew its lease before it runs out (the database unreachable, the process paused), it
 * stops all its tables, since another process may be taking them over; and after each renewal
 * it stops any table whose match another process has claimed. The moves themselves are
 * guarded in the store as well: only the owner's are written (ActionWriter's `owner`).
 */
import { matchMaker } from "@colyseus/core";
import { type MatchStore, type ResumableMatch, TableOwnership } from "@saloon/db";
import { TABLE_ROOM } from "@saloon/protocol";
import type { Logger } from "pino";
import { LoopTurns, RebuildQueue } from "./rebuild-queue.ts";
import type { TableRoom } from "./table-room.ts";

export interface KeeperSettings {
  store: MatchStore;
  /** The table room reads the match to rebuild from here when it is created with that id. */
  recoveries: Map<string, ResumableMatch>;
  /** This process's open tables, by id. */
  running: Map<string, TableRoom>;
  logger: Logger;
  exclusive: boolean;
  /** How long this process's claim on its tables lasts without renewal. */
  leaseMs: number;
  /** How often the lease is renewed (well under leaseMs). */
  renewMs: number;
  /** How often orphaned tables are looked for. */
  scanMs: number;
  /** host:port clients reach this process at (for operators reading the ServerProcess table). */
  address: string;
  /** The database's `pg` pool (Database.pool), if it has one: the rebuild reads the stored matches through it (TableOwnership.load). */
  pool?: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
  /** How long one turn of the event loop goes on rebuilding, ms (DEFAULT_REBUILD_SLICE_MS; 0: one table per turn). */
  rebuildSliceMs?: number;
}

/**
 * Rooms being created at once while rebuilding: creation waits on the presence and the driver
 * between its steps (with Redis above all), so a few at a time overlap those waits; more would
 * only keep the joins waiting behind them.
 */
const CREATE_AT_ONCE = 8;

/**
 * How long one turn of the event loop goes on rebuilding (ms): the tables come back in a few
 * long turns, and the people's connections are taken once most of them are there (they wait in
 * the listen queue meanwhile, which holds them all: main.ts). Against one table per turn, on a
 * machine at load ~3 (docs/recovery.md, eighth session): every one of 1,000 tables ready after
 * 5.7-6.9 s instead of 7.9-8.9 s, the server's CPU 5.8-6.8 s instead of 7.9-8.7 s: far fewer
 * turns, and fewer tables already playing while the rest come back; 100 and 200 ms did no
 * better. main.ts takes REBUILD_SLICE_MS for measurements (0: one table per turn).
 */
export const DEFAULT_REBUILD_SLICE_MS = 50;

/** Longest a join waits for its table to be rebuilt here before it is answered anyway. */
const ARRIVAL_WAIT_MS = 15_000;

/**
 * Keepers of this process. A join by id for a table one of them has claimed and not rebuilt
 * yet waits until it is rebuilt instead of being told it does not exist, and that table is
 * rebuilt next: the people of a table get in as soon as it is there, without a round of
 * retries, and the tables people are waiting at come back first. A join that comes while a
 * keeper is still looking for its tables (the first moments after a start) waits for that.
 */
const keepers = new Set<TableKeeper>();
let joinsWaitForTables = false;
function holdJoinsForArrivingTables(): void {
  if (joinsWaitForTables) return;
  joinsWaitForTables = true;
  const controller = matchMaker.controller;
  const invoke = controller.invokeMethod.bind(controller);
  controller.invokeMethod = async (method, roomName, ...rest) => {
    if (method === "joinById") await untilTableArrives(roomName);
    return invoke(method, roomName, ...rest);
  };
}

/**
 * Settles once table `id` is there, if a keeper of this process has claimed it and is rebuilding
 * it (which it then does next), or at once; at most ARRIVAL_WAIT_MS. Joins by id wait for it, and
 * so does a person's way back by their reconnection token (seat-return.ts).
 */
export async function untilTableArrives(id: string): Promise<void> {
  if (keepers.size === 0) return;
  await withinArrivalWait(
    (async () => {
      await Promise.all([...keepers].map((keeper) => keeper.firstClaim));
      await Promise.all([...keepers].map((keeper) => keeper.arrival(id, { rush: true })));
    })(),
  );
}

/** Settles with `wait`, or after ARRIVAL_WAIT_MS if that comes first. */
function withinArrivalWait(wait: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((done) => (timer = setTimeout(done, ARRIVAL_WAIT_MS).unref()));
  return Promise.race([wait.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The tables this process's keepers have claimed and not rebuilt yet, counted, and who waits for
 * there to be none: the bots of a table whose person is already back wait for that
 * (table-room-seating.ts sit), at most ARRIVAL_WAIT_MS.
 */
export const rebuildsUnderWay = new (class RebuildsUnderWay {
  private count = 0;
  private done: { promise: Promise<void>; settle: () => void } | null = null;

  /** `by` tables claimed (> 0) or rebuilt, or given up (< 0). */
  change(by: number): void {
    this.count = Math.max(0, this.count + by);
    if (this.count > 0 && !this.done) {
      let settle = () => {};
      const promise = new Promise<void>((resolve) => (settle = resolve));
      this.done = { promise, settle };
    } else if (this.count === 0 && this.done) {
      this.done.settle();
      this.done = null;
    }
  }

  /** Settles once there are none (at once when there are none now), or after ARRIVAL_WAIT_MS. */
  until(): Promise<void> {
    return this.done ? withinArrivalWait(this.done.promise) : Promise.resolve();
  }
})();

/** A dead process's row is kept this long after its lease ran out (for operators), then removed. */
const DEAD_PROCESS_KEPT_MS = 60_000;

export class TableKeeper {
  private renewTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<number> | null = null;
  private stopped = false;
  private readonly log: Logger;
  private ownershipOrNull: TableOwnership | null = null;
  /** Until when (performance.now()) this process's lease is sure to hold: measured from before the renewal was asked for. */
  private leaseHeldUntil = 0;
  /** Tables stopped because the lease ran out: handed back to whoever claims them once the database answers again. */
  private readonly givenUp = new Map<string, Promise<void>>();
  private renewing = false;
  /** Tables claimed and not yet rebuilt, by id: settles once each is rebuilt (or could not be). */
  private readonly arriving = new Map<string, { promise: Promise<void>; settle: () => void }>();
  /** Time the rebuild under way spent creating rooms (rooms created at once overlap). */
  private createMs = 0;
  /** The rebuild under way, if any: joins move their table to its front. */
  private rebuilding: RebuildQueue | null = null;
  private settleFirstClaim: () => void = () => {};
  /** Settles once the first look for tables to take has claimed what it found (then its tables are `arriving`). */
  readonly firstClaim: Promise<void> = new Promise((done) => (this.settleFirstClaim = done));

  constructor(private readonly settings: KeeperSettings) {
    this.log = settings.logger.child({ component: "keeper" });
  }

  private get ownership(): TableOwnership {
    if (!this.ownershipOrNull) throw new Error("the table keeper has not started");
    return this.ownershipOrNull;
  }

  /**
   * Takes the lease, rebuilds what is this process's to rebuild, then keeps watching. Call it
   * once the server listens (the process id is Colyseus's, known from then). Resolves with the
   * count rebuilt.
   */
  async start(): Promise<number> {
    const { renewMs, scanMs } = this.settings;
    this.ownershipOrNull = new TableOwnership(this.settings.store.prisma, matchMaker.processId, this.settings.pool);
    holdJoinsForArrivingTables();
    keepers.add(this);
    try {
      await this.renew();
    } catch (error) {
      this.settleFirstClaim();
      throw error;
    }
    const rebuilt = await this.scan(this.settings.exclusive);
    this.renewTimer = setInterval(() => void this.renew(), renewMs);
    this.scanTimer = setInterval(() => void this.scan(false), scanMs);
    this.renewTimer.unref();
    this.scanTimer.unref();
    return rebuilt;
  }

  /**
   * While table `id` is being rebuilt here: settles once it is there (or could not be rebuilt).
   * `rush`: somebody is waiting for it, so it is rebuilt next.
   */
  arrival(id: string, options: { rush?: boolean } = {}): Promise<void> | undefined {
    const arriving = this.arriving.get(id);
    if (arriving && options.rush) this.rebuilding?.rush(id);
    return arriving?.promise;
  }

  /**
   * Renews the lease; then stops the tables another process has claimed. When the lease could
   * not be renewed in time, stops every table (unless this process is alone on its database).
   */
  async renew(): Promise<void> {
    const { leaseMs, address, exclusive } = this.settings;
    // A renewal that hangs (the database unreachable) must not keep the tables going past the lease.
    if (!exclusive && this.leaseHeldUntil > 0 && performance.now() >= this.leaseHeldUntil) this.giveUpAll();
    if (this.renewing) return;
    this.renewing = true;
    const asked = performance.now();
    try {
      await this.ownership.renew(leaseMs, address);
      this.leaseHeldUntil = asked + leaseMs;
    } catch (error) {
      this.log.error({ err: error }, "could not renew this process's lease on its tables");
      if (!exclusive && performance.now() >= this.leaseHeldUntil) this.giveUpAll();
      return;
    } finally {
      this.renewing = false;
    }
    if (exclusive) return;
    // Only tables already running when the question was asked: a table starting meanwhile may
    // not have its row written yet.
    const running = [...this.settings.running.values()].filter((table) => table.runsGame);
    if (running.length === 0) return;
    try {
      const owned = new Set(await this.ownership.ownedAmong(running.map((table) => table.roomId)));
      for (const table of running) {
        if (owned.has(table.roomId) || !table.runsGame) continue;
        this.log.error({ table: table.roomId }, "another process has taken this table over; stopping this copy");
        table.loseOwnership();
      }
    } catch (error) {
      this.log.warn({ err: error }, "could not check which tables this process still owns");
    }
  }

  /** The lease ran out: any other process may take these tables now, so none of them may go on here. */
  private giveUpAll(): void {
    const running = [...this.settings.running.values()].filter((table) => table.holdsTable);
    if (running.length === 0) return;
    this.log.error({ tables: running.length }, "this process's lease ran out; stopping its tables so that none runs twice");
    for (const table of running) {
      this.givenUp.set(table.roomId, table.loseOwnership());
    }
  }

  /** Stops watching and gives up the lease, so another process (or the next start) takes the tables at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    keepers.delete(this);
    this.settleFirstClaim();
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.scanTimer) clearInterval(this.scanTimer);
    await this.scanning;
    if (!this.ownershipOrNull) return;
    await this.ownership.release().catch((error: unknown) => this.log.warn({ err: error }, "could not release the lease"));
  }

  /** One pass: claim orphaned running matches and rebuild them. Overlapping calls share one pass. */
  scan(everyOtherOwner: boolean): Promise<number> {
    this.scanning ??= this.claimAndRebuild(everyOtherOwner)
      .catch((error: unknown) => {
        this.log.error({ err: error }, "looking for tables to take over failed");
        return 0;
      })
      .finally(() => {
        this.scanning = null;
      });
    return this.scanning;
  }

  private async claimAndRebuild(everyOtherOwner: boolean): Promise<number> {
    try {
      if (this.stopped || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return 0;
      // Without a lease of its own this process may not take any table (nor its own back).
      if (!this.settings.exclusive && performance.now() >= this.leaseHeldUntil) return 0;
      const started = performance.now();
      if (this.givenUp.size > 0) {
        // Stopped for a lost lease: unowned again, so this process or another rebuilds them.
        // Only once their last rows have landed or been dropped: a rebuild loads the final log.
        const ids = [...this.givenUp.keys()];
        await Promise.all(this.givenUp.values());
        await this.ownership.unclaimAll(ids);
        for (const id of ids) this.givenUp.delete(id);
      }
      await this.ownership.removeDeadProcesses(DEAD_PROCESS_KEPT_MS).catch((error: unknown) => this.log.warn({ err: error }, "could not remove the rows of dead processes"));
      const claimed = await this.ownership.claimOrphans({ everyOtherOwner });
      if (claimed.length === 0) return 0;
      for (const { id } of claimed) {
        let settle = () => {};
        const promise = new Promise<void>((done) => (settle = done));
        this.arriving.set(id, { promise, settle });
      }
      rebuildsUnderWay.change(claimed.length);
      this.settleFirstClaim();
      try {
        return await this.rebuildClaimed(claimed, started);
      } finally {
        for (const { id } of claimed) this.settleArrival(id);
      }
    } finally {
      this.settleFirstClaim();
    }
  }

  private settleArrival(id: string): void {
    const arriving = this.arriving.get(id);
    if (!arriving) return;
    arriving.settle();
    this.arriving.delete(id);
    rebuildsUnderWay.change(-1);
  }

  private async rebuildClaimed(claimed: { id: string; previousOwner: string | null }[], started: number): Promise<number> {
    // The lobby listings of a dead process would point clients at it: gone before the tables come back.
    for (const owner of new Set(claimed.map((c) => c.previousOwner))) {
      if (!owner || owner === matchMaker.processId) continue;
      await (matchMaker.driver.cleanup?.(owner) ?? Promise.resolve()).catch((error: unknown) => this.log.warn({ err: error, owner }, "could not remove a dead process's listings"));
      await matchMaker.stats.excludeProcess(owner).catch(() => undefined);
    }
    const claimedAt = performance.now();
    const queue = new RebuildQueue(
      claimed.map((c) => c.id),
      (ids) => this.ownership.load(ids),
      CREATE_AT_ONCE,
    );
    this.rebuilding = queue;
    let rebuilt = 0;
    this.createMs = 0;
    const turns = new LoopTurns(this.settings.rebuildSliceMs ?? DEFAULT_REBUILD_SLICE_MS);
    const creator = async () => {
      for (let match = await queue.next(); match; match = await queue.next()) {
        // The joins waiting for these tables (and every table already back) get their turn
        // between two rebuilds, instead of after all of them.
        await turns.next();
        if (await this.rebuild(match)) rebuilt += 1;
      }
    };
    try {
      await Promise.all(Array.from({ length: CREATE_AT_ONCE }, creator));
    } catch (error) {
      // The store failed us: what was not rebuilt goes back, for the next scan (here or elsewhere).
      await this.ownership.unclaimAll(queue.missing()).catch(() => undefined);
      throw error;
    } finally {
      if (this.rebuilding === queue) this.rebuilding = null;
    }
    // A match that vanished from the store meanwhile (ended elsewhere) is not rebuilt: nothing waits for it.
    for (const id of queue.missing()) this.settleArrival(id);
    const ms = (value: number) => Math.round(value);
    this.log.info(
      {
        claimed: claimed.length,
        rebuilt,
        rushed: queue.rushedCount,
        ms: ms(performance.now() - started),
        claimMs: ms(claimedAt - started),
        loadWaitMs: ms(queue.waitedMs),
        createMs: ms(this.createMs),
      },
      "tables taken over",
    );
    return rebuilt;
  }

  private async rebuild(match: ResumableMatch): Promise<boolean> {
    this.settings.recoveries.set(match.id, match);
    const creating = performance.now();
    try {
      // The room reads the match from `recoveries`; a client can never ask for a rebuild.
      await matchMaker.handleCreateRoom(TABLE_ROOM, {}, undefined, match.id);
      return true;
    } catch (error) {
      const message = (error as Error)?.message ?? "";
      if (message.includes("cannot rebuild")) {
        // The game cannot go on (its rules refuse its own log, or the game is gone): it ends here.
        this.log.error({ err: error, match: match.id }, "a stored game cannot be rebuilt; marking it abandoned");
        await this.settings.store.markAbandoned(match.id, "could-not-rebuild", new Date(), matchMaker.processId).catch(() => undefined);
      } else {
        this.log.error({ err: error, match: match.id }, "rebuilding a table failed; handing it back");
        await this.ownership.unclaim(match.id).catch(() => undefined);
      }
      return false;
    } finally {
      this.createMs += performance.now() - creating;
      this.settings.recoveries.delete(match.id);
      this.settleArrival(match.id);
    }
  }
}
