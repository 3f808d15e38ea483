/**
 * Which server process runs which table, and what a process needs to rebuild the tables it takes.
 *
 * Every process renews a lease on its `ServerProcess` row (database clock, so processes on
 * different machines agree). A match that is `playing` belongs to the process in its `ownerId`;
 * when that process's lease has run out (it died, or was stopped), another process claims the
 * match with one compare-and-set UPDATE, so two processes can never both claim it, and rebuilds
 * it from its seed and stored actions. A second copy would in any case stop at its next move: the
 * action log's primary key refuses a different action at the same index (ActionConflict).
 */
import type { ActionBase, Json, Seat } from "@saloon/engine";
import type { PrismaClient } from "./generated/prisma/client.ts";
import type { ChatLine } from "@saloon/protocol";
import type { TableSetup } from "./match-store.ts";

/** How much of its chat a rebuilt table gets back: what late joiners are shown. */
export const RESUMED_CHAT_LINES = 100;

/** A running match as stored: enough to rebuild its table exactly. */
export interface ResumableMatch {
  id: string;
  /** "waiting": people sat down but the game has not started (its seats are the people seated then). */
  status: "waiting" | "playing";
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  createdAt: Date;
  startedAt: Date | null;
  table: Partial<TableSetup>;
  /** Each seat; `tokenHash` is the SHA-256 of the guest token of the person it belongs to (kept for a bot that took over). */
  seats: { seat: Seat; kind: "human" | "bot"; name: string; tokenHash: string | null }[];
  /** `byPerson`: a person decided it (not a bot): only such steps can be in the rebuilt undo window. */
  actions: { index: number; seat: Seat; action: ActionBase; at: Date; byPerson?: boolean }[];
  /** The last lines of its chat (at most RESUMED_CHAT_LINES), oldest first; none when left out. */
  chat?: ChatLine[];
  /** How many chat lines it has in all (the next line's index). */
  chatCount?: number;
}

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

export class TableOwnership {
  constructor(
    private readonly prisma: PrismaClient,
    readonly processId: string,
    /** The `pg` pool under Prisma (Database.pool), if there is one: `load` reads through it directly. */
    private readonly pool?: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> },
  ) {}

  /** Renews this process's lease (creating its row on first call). */
  async renew(leaseMs: number, address = ""): Promise<void> {
    await this.prisma.$executeRawUnsafe(
      `INSERT INTO "ServerProcess" ("id", "address", "leaseUntil") VALUES ($1, $2, ${UTC_NOW} + $3 * interval '1 millisecond')
       ON CONFLICT ("id") DO UPDATE SET "leaseUntil" = EXCLUDED."leaseUntil", "address" = EXCLUDED."address"`,
      this.processId,
      address,
      leaseMs,
    );
  }

  /** Gives up the lease at a clean shutdown, so another process takes the tables at once. */
  async release(): Promise<void> {
    await this.prisma.serverProcess.deleteMany({ where: { id: this.processId } });
  }

  /**
   * Claims running matches whose owner is gone: its lease ran out, or (with `everyOtherOwner`,
   * for a server that is the only process on its database) any owner but this process.
   * Returns the claimed ids with the process that had them.
   */
  async claimOrphans(options: { everyOtherOwner: boolean; limit?: number }): Promise<{ id: string; previousOwner: string | null }[]> {
    const ownerGone = options.everyOtherOwner
      ? `TRUE`
      : `NOT EXISTS (SELECT 1 FROM "ServerProcess" p WHERE p."id" = m."ownerId" AND p."leaseUntil" > ${UTC_NOW})`;
    // Compare-and-set: the row is taken only if its owner is still the one that was seen gone.
    // FOR UPDATE is what fences the old owner: it waits for (or skips, here) a row that a batch
    // of the old owner's moves holds with a key-share lock (ActionWriter). Any other change of
    // owner to another process must lock the row FOR UPDATE too; an UPDATE alone would not wait.
    return this.prisma.$queryRawUnsafe<{ id: string; previousOwner: string | null }[]>(
      `WITH candidates AS (
         SELECT m."id", m."ownerId" FROM "Match" m
         WHERE m."status" IN ('waiting', 'playing') AND m."ownerId" IS DISTINCT FROM $1 AND (m."ownerId" IS NULL OR ${ownerGone})
         ORDER BY m."startedAt" NULLS FIRST, m."id"
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE "Match" t SET "ownerId" = $1 FROM candidates c
       WHERE t."id" = c."id" AND t."ownerId" IS NOT DISTINCT FROM c."ownerId"
       RETURNING t."id", c."ownerId" AS "previousOwner"`,
      this.processId,
      options.limit ?? 10_000,
    );
  }

  /** Hands a claimed match back (it could not be rebuilt here); another process may try. */
  async unclaim(matchId: string): Promise<void> {
    await this.prisma.match.updateMany({ where: { id: matchId, ownerId: this.processId }, data: { ownerId: null } });
  }

  /** Hands back several matches at once (this process stopped them); only those it still owns. */
  async unclaimAll(matchIds: string[]): Promise<void> {
    await this.prisma.match.updateMany({ where: { id: { in: matchIds }, ownerId: this.processId }, data: { ownerId: null } });
  }

  /** Which of these running matches this process owns. */
  async ownedAmong(matchIds: string[]): Promise<string[]> {
    const rows = await this.prisma.match.findMany({ where: { id: { in: matchIds }, ownerId: this.processId }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  /**
   * Removes the rows of processes whose lease ran out more than `afterMs` ago. A match whose
   * owner has no row is claimed just like one whose owner's lease ran out, so nothing is lost.
   */
  async removeDeadProcesses(afterMs: number): Promise<number> {
    return this.prisma.$executeRawUnsafe(
      `DELETE FROM "ServerProcess" WHERE "leaseUntil" < ${UTC_NOW} - $1 * interval '1 millisecond' AND "id" <> $2`,
      afterMs,
      this.processId,
    );
  }

  /** Is this process still the owner of the match? */
  async owns(matchId: string): Promise<boolean> {
    return (await this.prisma.match.count({ where: { id: matchId, ownerId: this.processId, status: { in: ["waiting", "playing"] } } })) === 1;
  }

  /**
   * The stored match, seats, actions and last chat lines of the given waiting or running matches,
   * in one query: each match is one JSON object built by the database (its seats, actions and chat
   * as arrays of arrays), decoded by one `JSON.parse` in the driver. Through Prisma's `findMany`
   * with its four relations this was five queries per chunk and Prisma's mapping of every row into
   * objects on the main thread, which after a restart is the thread every table and person waits
   * for (docs/recovery.md, 24 Nov, 9th session).
   */
  async load(ids: string[]): Promise<ResumableMatch[]> {
    if (ids.length === 0) return [];
    const rows = (this.pool ? (await this.pool.query(LOAD_MATCHES, [ids, RESUMED_CHAT_LINES])).rows : await this.prisma.$queryRawUnsafe(LOAD_MATCHES, ids, RESUMED_CHAT_LINES)) as { match: unknown }[];
    return rows.map((row) => resumable((typeof row.match === "string" ? JSON.parse(row.match) : row.match) as StoredMatch));
  }
}

/** A timestamp(3) column as milliseconds since the epoch (the columns hold UTC, as Prisma writes them). */
const millis = (column: string) => `round(extract(epoch from ${column}) * 1000)`;

/** One row per match: a JSON object read by `resumable`. */
const LOAD_MATCHES = `
SELECT json_build_object(
  'id', m."id", 'status', m."status", 'game', m."game", 'rulesVersion', m."rulesVersion", 'options', m."options", 'seed', m."seed",
  'createdAt', ${millis(`m."createdAt"`)}, 'startedAt', ${millis(`m."startedAt"`)}, 'table', m."table",
  'seats', (SELECT coalesce(json_agg(json_build_array(s."seat", s."kind", s."name", p."tokenHash") ORDER BY s."seat"), '[]'::json)
            FROM "MatchSeat" s LEFT JOIN "Player" p ON p."id" = s."playerId" WHERE s."matchId" = m."id"),
  'actions', (SELECT coalesce(json_agg(json_build_array(a."index", a."seat", a."action", ${millis(`a."at"`)}, a."byPerson") ORDER BY a."index"), '[]'::json)
              FROM "MatchAction" a WHERE a."matchId" = m."id"),
  'chat', (SELECT coalesce(json_agg(json_build_array(c."index", c."seat", c."name", c."move", c."text", ${millis(`c."at"`)}) ORDER BY c."index"), '[]'::json)
           FROM (SELECT * FROM "MatchChat" c0 WHERE c0."matchId" = m."id" ORDER BY c0."index" DESC LIMIT $2) c),
  'chatCount', (SELECT coalesce(max(c1."index") + 1, 0) FROM "MatchChat" c1 WHERE c1."matchId" = m."id")
) AS "match"
FROM "Match" m
WHERE m."id" = ANY($1::text[]) AND m."status" IN ('waiting', 'playing')`;

/** A match as LOAD_MATCHES gives it. */
interface StoredMatch {
  id: string;
  status: string;
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  createdAt: number;
  startedAt: number | null;
  table: Partial<TableSetup> | null;
  seats: [seat: Seat, kind: string, name: string, tokenHash: string | null][];
  actions: [index: number, seat: Seat, action: ActionBase, at: number, byPerson: boolean][];
  chat: [index: number, seat: number | null, name: string, move: number, text: string, at: number][];
  chatCount: number;
}

function resumable(row: StoredMatch): ResumableMatch {
  return {
    id: row.id,
    status: row.status === "waiting" ? "waiting" : "playing",
    game: row.game,
    rulesVersion: row.rulesVersion,
    options: row.options,
    seed: row.seed,
    createdAt: new Date(row.createdAt),
    startedAt: row.startedAt === null ? null : new Date(row.startedAt),
    table: row.table ?? {},
    seats: row.seats.map(([seat, kind, name, tokenHash]) => ({ seat, kind: kind === "bot" ? "bot" : "human", name, tokenHash })),
    actions: row.actions.map(([index, seat, action, at, byPerson]) => ({ index, seat, action, at: new Date(at), byPerson })),
    // Oldest first, as a table shows them.
    chat: row.chat.map(([index, seat, name, move, text, at]) => ({ index, seat, name, move, text, at })),
    chatCount: row.chatCount,
  };
}
