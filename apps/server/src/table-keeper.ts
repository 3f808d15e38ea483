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
 */
import { matchMaker } from "@colyseus/core";
import { type MatchStore, type ResumableMatch, TableOwnership } from "@saloon/db";
import { TABLE_ROOM } from "@saloon/protocol";
import type { Logger } from "pino";

export interface KeeperSettings {
  store: MatchStore;
  /** The table room reads the match to rebuild from here when it is created with that id. */
  recoveries: Map<string, ResumableMatch>;
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
}

/** Tables loaded from the store per query while rebuilding. */
const LOAD_CHUNK = 100;

export class TableKeeper {
  private renewTimer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<number> | null = null;
  private stopped = false;
  private readonly log: Logger;
  private ownershipOrNull: TableOwnership | null = null;

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
    const { renewMs, scanMs, leaseMs, address } = this.settings;
    const ownership = new TableOwnership(this.settings.store.prisma, matchMaker.processId);
    this.ownershipOrNull = ownership;
    await ownership.renew(leaseMs, address);
    const rebuilt = await this.scan(this.settings.exclusive);
    this.renewTimer = setInterval(() => {
      ownership.renew(leaseMs, address).catch((error: unknown) => this.log.error({ err: error }, "could not renew this process's lease on its tables"));
    }, renewMs);
    this.scanTimer = setInterval(() => void this.scan(false), scanMs);
    this.renewTimer.unref();
    this.scanTimer.unref();
    return rebuilt;
  }

  /** Stops watching and gives up the lease, so another process (or the next start) takes the tables at once. */
  async stop(): Promise<void> {
    this.stopped = true;
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
    if (this.stopped || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return 0;
    const started = performance.now();
    const claimed = await this.ownership.claimOrphans({ everyOtherOwner });
    if (claimed.length === 0) return 0;
    // The lobby listings of a dead process would point clients at it: gone before the tables come back.
    for (const owner of new Set(claimed.map((c) => c.previousOwner))) {
      if (!owner || owner === matchMaker.processId) continue;
      await (matchMaker.driver.cleanup?.(owner) ?? Promise.resolve()).catch((error: unknown) => this.log.warn({ err: error, owner }, "could not remove a dead process's listings"));
      await matchMaker.stats.excludeProcess(owner).catch(() => undefined);
    }
    let rebuilt = 0;
    const ids = claimed.map((c) => c.id);
    for (let i = 0; i < ids.length; i += LOAD_CHUNK) {
      const matches = await this.ownership.load(ids.slice(i, i + LOAD_CHUNK));
      // Room creation waits on the presence and the driver between its steps: several at once
      // overlap those waits (with Redis above all).
      const results = await Promise.all(matches.map((match) => this.rebuild(match)));
      rebuilt += results.filter(Boolean).length;
    }
    this.log.info({ claimed: claimed.length, rebuilt, ms: Math.round(performance.now() - started) }, "tables taken over");
    return rebuilt;
  }

  private async rebuild(match: ResumableMatch): Promise<boolean> {
    this.settings.recoveries.set(match.id, match);
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
      this.settings.recoveries.delete(match.id);
    }
  }
}
