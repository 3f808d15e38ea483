/**
 * The match store: every table's seed, seats, action log and result, written as the game goes.
 * Reads serve the history and replays, and never reveal the seed or the log of a match that is
 * not finished (both together would rebuild every hidden card of a running game).
 */
import { createHash } from "node:crypto";
import type { ActionBase, FinalScores, Json, Seat } from "@saloon/engine";
import type { ChatLine, MatchDetail, MatchPage, MyTable } from "@saloon/protocol";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";
import { OwnershipLost } from "./action-writer.ts";
import { type RunSql, type TransactionPool, writeFinish, writeFinishThrough } from "./match-finish.ts";
import { matchExists, readEnded, readEndedPage, readTablesOf } from "./match-history.ts";
import { writeCreate, writeStart } from "./match-start.ts";
import { storableJson, storableText } from "./storable.ts";

export type MatchStatus = "waiting" | "playing" | "finished" | "abandoned";

/** How a table was set up beyond the game's own options: enough to rebuild it after a restart. */
export interface TableSetup {
  private: boolean;
  /** How long a person who left keeps their seat before the others may give it to a bot or end the game. */
  graceSeconds: number;
  /** Spectators may write in the table chat (they can always read it). */
  spectatorChat?: boolean;
  /** How many seats, and which are bots (with their names): enough to rebuild a table that has not started. */
  seats?: number;
  bots?: { seat: Seat; name: string }[];
  /** How fast the bots played when the table was created ("instant" | "quick" | "normal"). */
  botPace?: string;
}

export interface NewMatch {
  id: string;
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  status: MatchStatus;
  createdAt: Date;
  seats: { seat: Seat; kind: "human" | "bot"; name: string; playerId: string | null }[];
  table?: TableSetup;
  /** The process running the table (see TableOwnership). */
  ownerId?: string | null;
}

/** A seat as the game starts: a person is known only by the hash of their guest token (their player row). */
export interface StartingSeat {
  seat: Seat;
  kind: "human" | "bot";
  name: string;
  /** hashToken(guest token) of the person the seat belongs to; kept when a bot takes the seat over. */
  tokenHash: string | null;
}

export interface FinishedMatch extends Omit<NewMatch, "status"> {
  startedAt: Date | null;
  finishedAt: Date;
  /**
   * The log's rows to make sure of, index 0 first: a row the store holds already is kept as it is.
   * A table that stored every action as it went sends none (match-recorder.ts); the whole log
   * repairs a match whose earlier writes were lost.
   */
  actions: LoggedActionRow[];
  scores: FinalScores;
}

export interface LoggedActionRow {
  index: number;
  seat: Seat;
  action: ActionBase;
  at: Date;
  /** A person decided it (absent or false: a bot did, and it can never be taken back). */
  byPerson?: boolean;
}

export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A guest token is stored, and matched after a restart, only as this hash. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Prisma gives an interactive transaction 2 s to get a connection and 5 s to finish. On PGlite
 * (one connection) behind a thousand busy tables a wait can be longer than that; a table whose
 * start kept failing so never started (seen once in bench:recovery on a machine at load 16,
 * the cause not confirmed): a transaction waits its turn instead.
 */
const INTERACTIVE_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

/**
 * What the store needs of a `pg` pool (Database.pool): a statement by its text, and a connection
 * of its own for the finish's transaction.
 */
export interface StorePool extends TransactionPool {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export class MatchStore {
  private readonly retry: { attempts: number; firstDelayMs: number };
  private readonly pool: StorePool | undefined;
  /** A statement of the store's own SQL (a match's start, its finish, the history reads): through the pool where there is one. */
  private readonly run: RunSql;

  /**
   * `options.pool`: the `pg` pool Prisma's queries go through (Database.pool), when there is one:
   * a match's start and finish are written through it, and the history read, without Prisma
   * (match-start.ts, match-finish.ts, match-history.ts). `options.retry`: how often, and after how long at first, a failed finish
   * is tried again.
   */
  constructor(
    readonly prisma: PrismaClient,
    private readonly logger: Logger = { warn: () => {}, error: () => {} },
    options: { retry?: { attempts: number; firstDelayMs: number }; pool?: StorePool } = {},
  ) {
    this.retry = options.retry ?? { attempts: 6, firstDelayMs: 200 };
    const pool = options.pool;
    this.pool = pool;
    this.run = pool ? async (text, values) => (await pool.query(text, values)).rows : (text, values) => prisma.$queryRawUnsafe(text, ...values);
  }

  /** The player for a guest token (created on first sight; the display name kept current). */
  async recordPlayer(token: string, displayName: string): Promise<string> {
    return this.recordPlayerByHash(hashToken(token), displayName);
  }

  async recordPlayerByHash(tokenHash: string, rawName: string): Promise<string> {
    const displayName = storableText(rawName);
    const player = await this.prisma.player.upsert({
      where: { tokenHash },
      create: { tokenHash, displayName },
      update: { displayName, lastSeenAt: new Date() },
    });
    return player.id;
  }

  /**
   * The match row and its seats, in one statement; nothing at all if a row with its id exists
   * already (a waiting table's row written after its start: the start's row is kept).
   */
  async createMatch(match: NewMatch): Promise<void> {
    await writeCreate(this.run, match);
  }

  /** The table's setup changed at the table (its bot pace): a rebuilt table takes it up again. */
  async updateTable(matchId: string, table: TableSetup): Promise<void> {
    await this.prisma.match.updateMany({ where: { id: matchId }, data: { table: table as unknown as Prisma.InputJsonValue } });
  }

  /** A seat changed hands before the start (a person sat down). */
  async updateSeat(matchId: string, given: { seat: Seat; kind: "human" | "bot"; name: string; playerId: string | null }): Promise<void> {
    const seat = { ...given, name: storableText(given.name) };
    await this.prisma.matchSeat.upsert({
      where: { matchId_seat: { matchId, seat: seat.seat } },
      create: { matchId, ...seat },
      update: { kind: seat.kind, name: seat.name, playerId: seat.playerId },
    });
  }

  async markStarted(matchId: string, startedAt: Date): Promise<void> {
    await this.prisma.match.update({ where: { id: matchId }, data: { status: "playing", startedAt } });
  }

  /**
   * The start of a game in one statement (match-start.ts): the match row (created if its earlier
   * write was lost), a player per person, every seat, and the status. A table publishes
   * "playing" only after this has committed, so a rebuilt table always knows who sits where.
   */
  async startMatch(match: NewMatch, startedAt: Date, seats: StartingSeat[]): Promise<void> {
    await writeStart(this.run, match, startedAt, seats);
  }

  /** A seat changed hands during the game (a bot took over the seat of a person who left). */
  async replaceSeat(matchId: string, seat: StartingSeat): Promise<void> {
    // The person's player row keeps their own name: a bot playing for them is not a rename.
    const playerId = seat.tokenHash
      ? ((await this.prisma.player.findUnique({ where: { tokenHash: seat.tokenHash }, select: { id: true } }))?.id ??
        (await this.recordPlayerByHash(seat.tokenHash, seat.name)))
      : null;
    await this.updateSeat(matchId, { seat: seat.seat, kind: seat.kind, name: seat.name, playerId });
  }

  /** Appends one accepted action; called in the order the engine applied them. */
  async appendAction(matchId: string, row: LoggedActionRow): Promise<void> {
    await this.prisma.matchAction.create({
      data: { matchId, index: row.index, seat: row.seat, action: storableJson(row.action) as Prisma.InputJsonValue, at: row.at, byPerson: row.byPerson === true },
    });
  }

  /**
   * Appends lines of table chat. A line already stored (the same match and index, written by an
   * earlier attempt or by another copy of the table) is kept as it is.
   */
  async appendChat(matchId: string, lines: ChatLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.prisma.matchChat.createMany({
      data: lines.map((line) => ({
        matchId,
        index: line.index,
        seat: line.seat,
        name: storableText(line.name),
        move: line.move,
        text: storableText(line.text),
        at: new Date(line.at),
      })),
      skipDuplicates: true,
    });
  }

  /**
   * Takes back stored actions: deletes those from `fromIndex` on (a person took back steps of
   * their turn, issue #15 item 3), so the stored log again holds only the moves that count. With
   * `ownerId`, only while that process owns the match (the match row is locked while deleting,
   * as the action writer's inserts lock it): a copy of a table that another process took over
   * gets OwnershipLost and deletes nothing.
   */
  async takeBackActions(matchId: string, fromIndex: number, ownerId?: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      if (ownerId !== undefined) {
        const [row] = await tx.$queryRaw<{ ownerId: string | null }[]>`SELECT "ownerId" FROM "Match" WHERE "id" = ${matchId} FOR KEY SHARE`;
        if (!row || row.ownerId !== ownerId) throw new OwnershipLost(matchId);
      }
      await tx.matchAction.deleteMany({ where: { matchId, index: { gte: fromIndex } } });
    }, INTERACTIVE_TRANSACTION);
  }

  /**
   * Writes a finished game in one transaction: the match row, its seats, the action rows it is
   * given and the results. Rows written earlier as the game went are kept or brought up to date,
   * so given the whole log this also repairs a match whose earlier writes failed. A failed write is retried with
   * growing delays and logged each time, never dropped silently; after the last attempt the
   * error is logged as such and thrown to the caller.
   *
   * With an `ownerId`, only that process may end the match (a copy of a table that another
   * process took over throws OwnershipLost, at once); a match already stored as finished is
   * left as it is (an earlier attempt whose answer was lost: the same deterministic game).
   */
  async finishMatch(given: FinishedMatch): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.pool) await writeFinishThrough(this.pool, given);
        else await this.prisma.$transaction((tx) => writeFinish((text, values) => tx.$queryRawUnsafe(text, ...values), given), INTERACTIVE_TRANSACTION);
        return;
      } catch (error) {
        if (error instanceof OwnershipLost) throw error;
        if (attempt >= this.retry.attempts) {
          this.logger.error({ matchId: given.id, attempt, err: error }, "could not store a finished match; giving up");
          throw error;
        }
        this.logger.warn({ matchId: given.id, attempt, err: error }, "storing a finished match failed; retrying");
        await sleep(this.retry.firstDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  /**
   * Ends a match that will never go on: it keeps its log and becomes replayable (its seed can no
   * longer reveal anything to come). `reason` says why, for the history.
   */
  async markAbandoned(matchId: string, reason: string, at = new Date(), ownerId?: string): Promise<void> {
    await this.prisma.match.updateMany({
      // With `ownerId`, only while that process still owns it: a copy of a table that another
      // process has taken over must never end (and so reveal) the game running there.
      where: { id: matchId, status: { in: ["waiting", "playing"] }, ...(ownerId ? { OR: [{ ownerId }, { ownerId: null }] } : {}) },
      data: { status: "abandoned", endReason: reason, finishedAt: at, ownerId: null },
    });
  }

  /** The running games a guest sits at (newest first), found by the hash of their token. */
  async tablesOf(token: string): Promise<MyTable[]> {
    return readTablesOf(this.run, hashToken(token));
  }

  /**
   * Ended matches (finished, or abandoned after they started), newest first; `player` matches a
   * seat's name, case-insensitively.
   */
  async listEnded(query: { game?: string; player?: string; cursor?: string; limit?: number }): Promise<MatchPage> {
    return readEndedPage(this.run, query);
  }

  /** Whether a match with this id was ever created (any status), so a bad link is told from a running table. */
  async exists(matchId: string): Promise<boolean> {
    return matchExists(this.run, matchId);
  }

  /**
   * Everything a replay needs, for an ended match only (finished, or abandoned: neither can go
   * on, so its seed reveals nothing to come); null for a running, waiting or unknown one.
   */
  async getEnded(matchId: string): Promise<MatchDetail | null> {
    return readEnded(this.run, matchId);
  }
}
