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
import { chatLine, type TableSetup } from "./match-store.ts";

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

  /** The stored match, seats and actions of the given waiting or running matches, in one query. */
  async load(ids: string[]): Promise<ResumableMatch[]> {
    if (ids.length === 0) return [];
    const rows = await this.prisma.match.findMany({
      where: { id: { in: ids }, status: { in: ["waiting", "playing"] } },
      include: {
        seats: { include: { player: { select: { tokenHash: true } } } },
        actions: { orderBy: { index: "asc" } },
        chat: { orderBy: { index: "desc" }, take: RESUMED_CHAT_LINES },
        _count: { select: { chat: true } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      status: row.status === "waiting" ? "waiting" : "playing",
      game: row.game,
      rulesVersion: row.rulesVersion,
      options: row.options as Json,
      seed: row.seed,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      table: (row.table ?? {}) as Partial<TableSetup>,
      seats: [...row.seats]
        .sort((a, b) => a.seat - b.seat)
        .map((s) => ({ seat: s.seat, kind: s.kind === "bot" ? "bot" : "human", name: s.name, tokenHash: s.player?.tokenHash ?? null })),
      actions: row.actions.map((a) => ({ index: a.index, seat: a.seat, action: a.action as ActionBase, at: a.at, byPerson: a.byPerson })),
      chat: row.chat.map(chatLine).reverse(),
      chatCount: row.chat.length === 0 ? 0 : Math.max(row._count.chat, row.chat[0]!.index + 1),
    }));
  }
}
