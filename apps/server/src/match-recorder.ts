/**
 * Writes one table's match to the store as it happens: created, seated and started, every
 * accepted action in the order the engine applied it, then the result. Writes run one after
 * another on a queue, so the database sees them in game order and the room never waits for
 * them. A failed write is logged and the game goes on: the final write carries the whole match
 * again in one transaction (with retries), so a finished game is never lost to an earlier
 * hiccup.
 */
import type { ActionBase, FinalScores, Json, Seat } from "@saloon/engine";
import type { MatchStore } from "@saloon/db";
import type { Logger } from "pino";

export interface MatchFacts {
  id: string;
  game: string;
  rulesVersion: string;
  options: Json;
  seed: string;
  createdAt: Date;
}

export interface SeatFacts {
  seat: Seat;
  kind: "human" | "bot";
  name: string;
  /** The guest token of a person; it is stored only as a hash, as the player's identity. */
  token: string | null;
}

export class MatchRecorder {
  private queue: Promise<void> = Promise.resolve();
  private readonly playerIds = new Map<Seat, string | null>();
  private seats: SeatFacts[] = [];
  private startedAt: Date | null = null;

  constructor(
    private readonly store: MatchStore,
    private readonly log: Logger,
    private readonly match: MatchFacts,
  ) {}

  private enqueue(what: string, write: () => Promise<void>): void {
    this.queue = this.queue.then(write).catch((error: unknown) => {
      this.log.warn({ err: error, write: what }, "a match write failed; the final write will carry it again");
    });
  }

  created(): void {
    this.enqueue("create", () => this.store.createMatch({ ...this.match, status: "waiting", seats: [] }));
  }

  /** The seats as the game starts: each person becomes (or is found as) a player. */
  started(at: Date, seats: SeatFacts[]): void {
    this.startedAt = at;
    this.seats = seats;
    this.enqueue("start", async () => {
      for (const seat of seats) {
        const playerId = seat.token ? await this.store.recordPlayer(seat.token, seat.name) : null;
        this.playerIds.set(seat.seat, playerId);
        await this.store.updateSeat(this.match.id, { seat: seat.seat, kind: seat.kind, name: seat.name, playerId });
      }
      await this.store.markStarted(this.match.id, at);
    });
  }

  actionAccepted(index: number, seat: Seat, action: ActionBase, at: Date): void {
    this.enqueue(`action ${index}`, () => this.store.appendAction(this.match.id, { index, seat, action, at }));
  }

  /** The whole match in one transaction; MatchStore retries it and logs every failure. */
  finished(at: Date, actions: { seat: Seat; action: ActionBase; at: number }[], scores: FinalScores): void {
    this.queue = this.queue.then(async () => {
      try {
        await this.store.finishMatch({
          ...this.match,
          startedAt: this.startedAt,
          finishedAt: at,
          seats: this.seats.map((s) => ({ seat: s.seat, kind: s.kind, name: s.name, playerId: this.playerIds.get(s.seat) ?? null })),
          actions: actions.map((entry, index) => ({ index, seat: entry.seat, action: entry.action, at: new Date(entry.at) })),
          scores,
        });
        this.log.info({ match: this.match.id }, "match stored");
      } catch (error) {
        // MatchStore has logged every attempt; this is the final word for operators.
        this.log.error({ err: error, match: this.match.id }, "finished match NOT stored after all retries");
      }
    });
  }

  abandoned(): void {
    this.enqueue("abandon", () => this.store.markAbandoned(this.match.id));
  }

  /** Resolves once every write so far has been tried. */
  flush(): Promise<void> {
    return this.queue;
  }
}
