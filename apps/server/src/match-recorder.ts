/**
 * Writes one table's match to the store (principle 5). What a table's future depends on is
 * awaited by the room before anyone sees it: the start (who sits where, with their token hashes)
 * and every accepted action, which goes through the shared ActionWriter (group commit) and is
 * published only once committed. A line of table chat goes the same way: through the writer
 * while the match runs, shown once committed. A passing database fault is retried until the
 * write lands; the table simply waits. The end (result, or abandonment) is written in one
 * transaction.
 */
import type { ActionBase, FinalScores, Json, Seat } from "@saloon/engine";
import { type ActionWriter, type MatchStore, OwnershipLost, type TableSetup } from "@saloon/db";
import type { ChatLine } from "@saloon/protocol";
import type { Logger } from "pino";

export interface MatchFacts {
  id: string;
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  createdAt: Date;
  table: TableSetup;
  /** The process running the table. */
  ownerId: string;
}

export interface SeatFacts {
  seat: Seat;
  kind: "human" | "bot";
  name: string;
  /** SHA-256 of the guest token of the person the seat belongs to; tokens themselves are never kept. */
  tokenHash: string | null;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class MatchRecorder {
  /** Writes nobody waits for (the waiting row, seat changes), kept in order. */
  private background: Promise<void> = Promise.resolve();
  private seats: SeatFacts[] = [];
  private startedAt: Date | null = null;
  /** The latest action write or take-back, settled either way: a take-back waits for it. */
  private lastWrite: Promise<unknown> = Promise.resolve();
  /** A take-back not yet committed: actions after it are written once it is (their indexes are reused). */
  private takingBack: Promise<void> | null = null;
  /** Settles once the match row exists (a waiting table's row is written when its first person arrives). */
  private rowStored: Promise<void> = Promise.resolve();
  /** The latest chat write, settled either way: the end of the match waits for it. */
  private lastChat: Promise<unknown> = Promise.resolve();
  /** The end of the match is being (or has been) written: chat goes straight to the store after it. */
  private ended: Promise<unknown> | null = null;
  /** This copy of the table has stopped (stopWriting): it writes nothing more for the match. */
  private stopped = false;
  /**
   * The start has been sent (or the match was rebuilt as started): it writes the row and every
   * seat, so a waiting write queued before it has nothing left to do.
   */
  private startSent = false;

  constructor(
    private readonly store: MatchStore,
    private readonly writer: ActionWriter,
    private readonly log: Logger,
    private match: MatchFacts,
  ) {}

  /** Picks up a match rebuilt from the store: it has started already with these seats. */
  resumed(startedAt: Date | null, seats: SeatFacts[]): void {
    this.startSent = true;
    this.startedAt = startedAt;
    this.seats = seats;
  }

  /**
   * The waiting table's row; nothing depends on it (the start writes the row too). Not written
   * at all when the start was sent first: a person sitting down at a table whose other seats
   * are bots starts it in the same turn, and the row written then by both lost the race on
   * Match_pkey with a warning, once per such table (1,000 at 1,000 tables). Should both still
   * cross (the create already on its way), the store's create leaves an existing row alone.
   */
  created(): void {
    this.inBackground("create", () => (this.startSent ? Promise.resolve() : this.store.createMatch({ ...this.match, status: "waiting", seats: [] })));
    this.rowStored = this.background;
  }

  /** Resolves once the start (match row, players, seats, status) is committed. */
  async started(at: Date, seats: SeatFacts[]): Promise<void> {
    this.startSent = true;
    this.startedAt = at;
    this.seats = seats;
    const start = this.untilStored("start", () => this.store.startMatch({ ...this.match, status: "playing", seats: [] }, at, seats));
    // The start writes the match row too, should its earlier write have been lost: chat waits for it.
    this.rowStored = start.catch(() => undefined);
    await start;
  }

  /**
   * Stores an accepted action with whether a person decided it (a table rebuilt from the store
   * lets only a person's steps be taken back). Resolves once committed; rejects with
   * ActionConflict / ActionRefused / OwnershipLost (the table must stop).
   */
  action(index: number, seat: Seat, action: ActionBase, at: Date, byPerson: boolean): Promise<void> {
    const append = () => (this.stopped ? this.refused() : this.writer.append({ matchId: this.match.id, index, seat, action, at, byPerson }));
    // Straight into the group commit, unless a take-back is on its way: then after it, in order.
    const written = this.takingBack ? this.takingBack.then(append) : append();
    this.lastWrite = written.catch(() => undefined);
    return written;
  }

  /**
   * Deletes the stored actions from `fromIndex` on (a person took back steps of their turn),
   * once every action write before it has landed; the actions accepted after it wait for it.
   * Retried until it lands; rejects with OwnershipLost (this copy must stop).
   */
  takeBack(fromIndex: number): Promise<void> {
    const taken = this.lastWrite.then(() =>
      this.untilStored("take back", () => this.store.takeBackActions(this.match.id, fromIndex, this.match.ownerId)),
    );
    this.takingBack = taken;
    this.lastWrite = taken.catch(() => undefined);
    void taken.then(
      () => {
        if (this.takingBack === taken) this.takingBack = null;
      },
      () => undefined,
    );
    return taken;
  }

  /** A seated person changed the table's setup (its bot pace); a table rebuilt from the store keeps it. */
  tableChanged(change: Partial<TableSetup>): void {
    this.match = { ...this.match, table: { ...this.match.table, ...change } };
    const table = this.match.table;
    this.inBackground("table", () => this.store.updateTable(this.match.id, table));
  }

  /** A bot took over an absent person's seat, or the person took it back. */
  seatChanged(seat: SeatFacts): void {
    this.seats = this.seats.map((s) => (s.seat === seat.seat ? seat : s));
    // A change before the start that is still queued when the start is sent is in the start's
    // seats already (they are taken as the start is sent): writing it too would only cost turns
    // of the database connection (3–4 round trips) at the moment the tables open.
    const beforeStart = !this.startSent;
    this.inBackground(`seat ${seat.seat}`, () => (beforeStart && this.startSent ? Promise.resolve() : this.store.replaceSeat(this.match.id, seat)));
  }

  /**
   * Resolves once a line of table chat is committed (it may be shown then, not before). While
   * the match runs it goes through the writer with the moves, owned like them (rejects with
   * OwnershipLost / ActionConflict: another copy runs the table); once the match is ending
   * (its end clears the owner, so the writer would refuse it), straight to the store, retried
   * until it lands.
   */
  chat(line: ChatLine): Promise<void> {
    const written = this.ended
      ? this.ended.then(() => this.untilStored(`chat ${line.index}`, () => this.store.appendChat(this.match.id, [line])))
      : this.rowStored.then(() => (this.stopped ? this.refused() : this.writer.appendChat(this.match.id, line)));
    this.lastChat = written.catch(() => undefined);
    return written;
  }

  /**
   * The end of the match and its result in one transaction, retried until it lands; only while
   * this process owns the match. The action log is not sent again: a table publishes an action
   * only once its write has committed, and ends the match after publishing the last one
   * (table-room-moves.ts), so every row is in the store by then. Sending the whole log anyway, for
   * the store to pass over row by row, cost a saturated server about a fifth of its moves a second
   * (Fistful, 100 tables, bots without delay: ~3,200 against ~4,000; docs/sync-journal.md).
   */
  async finished(at: Date, scores: FinalScores): Promise<void> {
    // Chat written before the end goes first: once the end is stored the writer may no longer write for this match.
    const end = Promise.all([this.background, this.lastChat]);
    this.ended = end;
    await end;
    await this.untilStored("finish", () =>
      this.store.finishMatch({
        ...this.match,
        startedAt: this.startedAt,
        finishedAt: at,
        seats: [],
        actions: [],
        scores,
      }),
    );
    this.log.info({ match: this.match.id }, "match stored");
  }

  /** The match will never go on: stored as abandoned, with its log, for the history and replays. */
  async abandoned(reason: string): Promise<void> {
    const end = Promise.all([this.background, this.lastChat]);
    this.ended = end;
    await end;
    await this.untilStored("abandon", () => this.store.markAbandoned(this.match.id, reason, new Date(), this.match.ownerId));
  }

  /**
   * This copy of the table stops (another process may run it now): nothing more is written for
   * the match. Rows not yet sent are dropped (nobody saw them: a move is shown once committed);
   * settles once what was already on its way has landed or been given up, so the stored match is
   * final and a copy rebuilt from it loads every move anybody was shown.
   */
  async stopWriting(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.writer.stop(this.match.id), this.lastWrite, this.lastChat]);
  }

  /** Resolves once every background write so far has been tried. */
  flush(): Promise<void> {
    return this.background;
  }

  /**
   * Settles once what was sent so far of the table's setup has landed or been tried: the waiting
   * row and its seats, or the start (which retries until it is stored). Never rejects.
   */
  setupStored(): Promise<void> {
    return Promise.all([this.background, this.rowStored]).then(() => undefined);
  }

  private refused(): Promise<never> {
    return Promise.reject(new OwnershipLost(this.match.id));
  }

  private inBackground(what: string, write: () => Promise<void>): void {
    this.background = this.background.then(write).catch((error: unknown) => {
      this.log.warn({ err: error, write: what }, "a match write failed; the start or end of the match writes it again");
    });
  }

  /**
   * Retries with growing delays (capped at 5 s), logging each failure, until the write lands;
   * throws OwnershipLost at once (another process runs the table now: this copy must stop).
   */
  private async untilStored(what: string, write: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (this.stopped) return this.refused();
      try {
        await write();
        return;
      } catch (error) {
        if (error instanceof OwnershipLost) throw error;
        const delay = Math.min(5000, 100 * 2 ** Math.min(attempt - 1, 6));
        this.log.error({ err: error, write: what, attempt, retryInMs: delay }, "a match write failed; retrying");
        await sleep(delay);
      }
    }
  }
}
