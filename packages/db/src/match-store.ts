/**
 * The match store: every table's seed, seats, action log and result, written as the game goes.
 * Reads serve the history and replays, and never reveal the seed or the log of a match that is
 * not finished (both together would rebuild every hidden card of a running game).
 */
import { createHash } from "node:crypto";
import type { ActionBase, FinalScores, Json, Seat } from "@saloon/engine";
import type { MatchDetail, MatchPage, MatchSummary } from "@saloon/protocol";
import type { PrismaClient } from "./generated/prisma/client.ts";
import { Prisma } from "./generated/prisma/client.ts";

export type MatchStatus = "waiting" | "playing" | "finished" | "abandoned";

export interface NewMatch {
  id: string;
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  status: MatchStatus;
  createdAt: Date;
  seats: { seat: Seat; kind: "human" | "bot"; name: string; playerId: string | null }[];
}

export interface FinishedMatch extends Omit<NewMatch, "status"> {
  startedAt: Date | null;
  finishedAt: Date;
  /** The whole log, index 0 first. */
  actions: LoggedActionRow[];
  scores: FinalScores;
}

export interface LoggedActionRow {
  index: number;
  seat: Seat;
  action: ActionBase;
  at: Date;
}

export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function encodeCursor(finishedAt: Date, id: string): string {
  return Buffer.from(`${finishedAt.toISOString()}|${id}`).toString("base64url");
}
function decodeCursor(cursor: string): { finishedAt: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const finishedAt = new Date(iso ?? "");
  return id && !Number.isNaN(finishedAt.getTime()) ? { finishedAt, id } : null;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class MatchStore {
  constructor(
    readonly prisma: PrismaClient,
    private readonly logger: Logger = { warn: () => {}, error: () => {} },
    private readonly retry = { attempts: 6, firstDelayMs: 200 },
  ) {}

  /** The player for a guest token (created on first sight; the display name kept current). */
  async recordPlayer(token: string, displayName: string): Promise<string> {
    const player = await this.prisma.player.upsert({
      where: { tokenHash: hashToken(token) },
      create: { tokenHash: hashToken(token), displayName },
      update: { displayName, lastSeenAt: new Date() },
    });
    return player.id;
  }

  async createMatch(match: NewMatch): Promise<void> {
    await this.prisma.match.create({
      data: {
        id: match.id,
        game: match.game,
        rulesVersion: match.rulesVersion,
        options: match.options as Prisma.InputJsonValue,
        seed: match.seed,
        status: match.status,
        createdAt: match.createdAt,
        seats: { create: match.seats.map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, playerId: s.playerId })) },
      },
    });
  }

  /** A seat changed hands before the start (a person sat down). */
  async updateSeat(matchId: string, seat: { seat: Seat; kind: "human" | "bot"; name: string; playerId: string | null }): Promise<void> {
    await this.prisma.matchSeat.upsert({
      where: { matchId_seat: { matchId, seat: seat.seat } },
      create: { matchId, ...seat },
      update: { kind: seat.kind, name: seat.name, playerId: seat.playerId },
    });
  }

  async markStarted(matchId: string, startedAt: Date): Promise<void> {
    await this.prisma.match.update({ where: { id: matchId }, data: { status: "playing", startedAt } });
  }

  /** Appends one accepted action; called in the order the engine applied them. */
  async appendAction(matchId: string, row: LoggedActionRow): Promise<void> {
    await this.prisma.matchAction.create({
      data: { matchId, index: row.index, seat: row.seat, action: row.action as Prisma.InputJsonValue, at: row.at },
    });
  }

  /**
   * Writes a finished game in one transaction: the match row, its seats, the whole action log
   * and the results. Rows written earlier as the game went are kept or brought up to date, so
   * this also repairs a match whose earlier writes failed. A failed write is retried with
   * growing delays and logged each time, never dropped silently; after the last attempt the
   * error is logged as such and thrown to the caller.
   */
  async finishMatch(match: FinishedMatch): Promise<void> {
    const matchId = match.id;
    const finished = {
      status: "finished",
      startedAt: match.startedAt,
      finishedAt: match.finishedAt,
      scoreCategories: match.scores.categories,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.prisma.$transaction([
          this.prisma.match.upsert({
            where: { id: matchId },
            create: {
              id: matchId,
              game: match.game,
              rulesVersion: match.rulesVersion,
              options: match.options as Prisma.InputJsonValue,
              seed: match.seed,
              createdAt: match.createdAt,
              ...finished,
            },
            update: finished,
          }),
          ...match.seats.map((seat) =>
            this.prisma.matchSeat.upsert({
              where: { matchId_seat: { matchId, seat: seat.seat } },
              create: { matchId, ...seat },
              update: { kind: seat.kind, name: seat.name, playerId: seat.playerId },
            }),
          ),
          this.prisma.matchAction.createMany({
            data: match.actions.map((row) => ({ matchId, index: row.index, seat: row.seat, action: row.action as Prisma.InputJsonValue, at: row.at })),
            skipDuplicates: true,
          }),
          this.prisma.matchResult.deleteMany({ where: { matchId } }),
          this.prisma.matchResult.createMany({
            data: match.scores.lines.map((line) => ({
              matchId,
              seat: line.seat,
              total: line.total,
              breakdown: line.breakdown,
              tiebreak: line.tiebreak,
              placement: line.placement,
              winner: match.scores.winners.includes(line.seat),
            })),
          }),
        ]);
        return;
      } catch (error) {
        if (attempt >= this.retry.attempts) {
          this.logger.error({ matchId, attempt, err: error }, "could not store a finished match; giving up");
          throw error;
        }
        this.logger.warn({ matchId, attempt, err: error }, "storing a finished match failed; retrying");
        await sleep(this.retry.firstDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  async markAbandoned(matchId: string): Promise<void> {
    await this.prisma.match.updateMany({ where: { id: matchId, status: { not: "finished" } }, data: { status: "abandoned" } });
  }

  /** Finished matches, newest first; `player` matches a seat's name, case-insensitively. */
  async listFinished(query: { game?: string; player?: string; cursor?: string; limit?: number }): Promise<MatchPage> {
    const limit = Math.min(Math.max(query.limit ?? 20, 1), 100);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.prisma.match.findMany({
      where: {
        status: "finished",
        ...(query.game ? { game: query.game } : {}),
        ...(query.player ? { seats: { some: { name: { contains: query.player, mode: "insensitive" } } } } : {}),
        ...(after
          ? { OR: [{ finishedAt: { lt: after.finishedAt } }, { finishedAt: after.finishedAt, id: { lt: after.id } }] }
          : {}),
      },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      take: limit + 1,
      include: { seats: true, results: true },
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      matches: page.map(summarise),
      nextCursor: rows.length > limit && last?.finishedAt ? encodeCursor(last.finishedAt, last.id) : null,
    };
  }

  /** Everything a replay needs, for a finished match only; null otherwise. */
  async getFinished(matchId: string): Promise<MatchDetail | null> {
    const row = await this.prisma.match.findUnique({
      where: { id: matchId },
      include: { seats: true, results: true, actions: { orderBy: { index: "asc" } } },
    });
    if (!row || row.status !== "finished") return null;
    const results = [...row.results].sort((a, b) => a.seat - b.seat);
    return {
      ...summarise(row),
      rulesVersion: row.rulesVersion,
      options: row.options as Json,
      seed: row.seed,
      actions: row.actions.map((a) => ({ index: a.index, seat: a.seat, action: a.action as ActionBase, at: a.at.toISOString() })),
      scores: {
        categories: row.scoreCategories,
        lines: results.map((r) => ({
          seat: r.seat,
          total: r.total,
          breakdown: r.breakdown as Record<string, number>,
          tiebreak: r.tiebreak as number[],
          placement: r.placement,
        })),
        winners: results.filter((r) => r.winner).map((r) => r.seat),
      },
    };
  }
}

type MatchWithSeats = Prisma.MatchGetPayload<{ include: { seats: true; results: true } }>;

function summarise(row: MatchWithSeats): MatchSummary {
  return {
    id: row.id,
    game: row.game,
    status: row.status as MatchStatus,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    seats: [...row.seats]
      .sort((a, b) => a.seat - b.seat)
      .map((s) => {
        const result = row.results.find((r) => r.seat === s.seat);
        return { seat: s.seat, kind: s.kind, name: s.name, total: result?.total ?? null, placement: result?.placement ?? null, winner: result?.winner ?? false };
      }),
  };
}
