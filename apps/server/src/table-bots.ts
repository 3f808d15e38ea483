/**
 * The server's bots at one table: each bot seat that owes a decision gets a pending move on a
 * timer of the table's, chosen by the game's bot from what that seat may see. The room decides when bots
 * may move at all and performs their moves like anyone else's (table-room.ts).
 */
import { type AnyGame, type GameError, type LoggedAction, type Prompt, type RngState, type Seat, randomFrom, sameJson } from "@saloon/engine";
import type { SeatKind } from "@saloon/protocol";
import type { Logger } from "pino";
import { botDice } from "./bot-random.ts";
import { BotFailed, type BotQuestion, type BotThinker } from "./bot-thinker.ts";
import type { TableTimer } from "./table-pulse.ts";

/** What the bots need from their table. */
export interface BotTable {
  readonly game: AnyGame;
  /** The game after every accepted action (what the next move is checked against). */
  gameState(): unknown;
  /** Who plays a seat now. */
  seatKind(seat: Seat): SeatKind | undefined;
  /** The table's seed: with the move number and the seat, a bot's dice (bot-random.ts). */
  readonly seed: string;
  /** Accepted actions so far. */
  moveNumber(): number;
  /** The game runs and this copy of the table may take moves. */
  mayMove(): boolean;
  /** Applies one action for a seat as the table does for people: the rules' refusal or null. */
  perform(seat: Seat, action: unknown): GameError | null;
  /** Runs work so that a fault is logged and never escapes into the process. */
  guarded(work: () => void): void;
  /** The table's timers (table-pulse.ts). */
  readonly timers: { setTimeout(work: () => void, ms: number): TableTimer };
  readonly log: Logger;
  /** How long a bot "thinks" before it acts (ms), at the table's pace. */
  readonly delayMs: number;
  /** The bots' thread (bot-thinker.ts), for the games whose bots decide there; null: all decide here. */
  readonly thinker: BotThinker | null;
}

/**
 * How far a bot's wait strays from its table's delay, either way: each wait is drawn evenly from
 * delay × [1 − spread, 1 + spread], so the pace keeps its mean.
 *
 * People do not answer on a clock, and bots that did kept in step with each other: whatever held
 * many tables' moves back at once (a collection's pause, a slow commit) released them together,
 * and their bots' next moves then fell due together again one delay later, and again, so such
 * cohorts lasted and grew into bursts. bench:load at 1,000 tables, one action a second, bots
 * waiting exactly their delay against waits spread by a fifth (with the bench's person's think
 * time spread alike), two alternated pairs per game on PostgreSQL: rows per batch of the group
 * commit El Gaucho 8.9 → 2.8–2.9, Fistful 5.4–6.1 → 2.4–2.5, El Paso 6.7–6.9 → 3.2–4.1; the
 * person's p50 El Gaucho 8.7 / 10.5 → 3.9 / 3.6 ms, Fistful 9.3 / 4.3 → 2.3 / 2.5 ms, El Paso
 * 12.6 / 16.0 → 15.0 / 5.2 ms. The p99 moved within the host's noise (docs/sync-journal.md).
 */
export const BOT_WAIT_SPREAD = 0.2;

/** A bot's wait before a step at a table whose bots wait `delayMs` (see BOT_WAIT_SPREAD); `random` in [0, 1). */
export function botWait(delayMs: number, random: () => number = Math.random): number {
  if (delayMs <= 0) return 0;
  return delayMs * (1 - BOT_WAIT_SPREAD + 2 * BOT_WAIT_SPREAD * random());
}

/**
 * The most actions a table keeps for the bots' thread between two of its questions; past it they
 * are dropped and its next question sends the whole game instead (a table whose bots are not
 * asked for a long time, all their seats taken over by people, keeps no growing list).
 */
export const MAX_ACTIONS_BETWEEN_QUESTIONS = 64;

/** Keys for the bots' thread's copies of tables (bot-mirror.ts): one per TableBots in this process. */
let lastTableKey = 0;

export class TableBots {
  private readonly timers = new Map<Seat, TableTimer>();
  /** Seats whose decision the bots' thread is making: the token of the decision awaited, so a dropped one is known. */
  private readonly thinking = new Map<Seat, object>();
  /** "Skip ahead" (issue #15 item 5): the bots play without waiting until a person owes a decision. */
  private hurrying = false;

  /**
   * What the bots' thread has of this table (bot-mirror.ts): its key there, how many of the
   * table's actions it was given, and the actions since, which go with the next question. `given`
   * null: the thread may have no copy, or a wrong one; the next question sends the whole game.
   */
  private readonly follower = { key: ++lastTableKey, given: null as number | null, since: [] as LoggedAction[] };

  constructor(private readonly table: BotTable) {}

  /** The table accepted an action (every action, the people's too): the bots' thread's copy takes it with the next question. */
  accepted(seat: Seat, action: unknown): void {
    const follower = this.follower;
    if (follower.given === null || !this.table.thinker?.takes(this.table.game.id)) return;
    if (follower.since.length >= MAX_ACTIONS_BETWEEN_QUESTIONS) return this.rewound();
    follower.since.push({ seat, action: action as LoggedAction["action"] });
  }

  /** The table's game went back (a step taken back): the bots' thread gets it whole with the next question. */
  rewound(): void {
    this.follower.given = null;
    this.follower.since = [];
  }

  /** Gives every bot seat that owes a decision a pending move; several may be pending at once. */
  schedule(): void {
    const table = this.table;
    if (!table.mayMove()) return;
    const prompts = table.game.prompts(table.gameState());
    // The bots' run is over once a person is asked: the next run waits at the table's pace again.
    if (prompts.some((prompt) => table.seatKind(prompt.seat) !== "bot")) this.hurrying = false;
    for (const prompt of prompts) {
      const seat = prompt.seat;
      if (table.seatKind(seat) !== "bot" || this.timers.has(seat) || this.thinking.has(seat)) continue;
      this.timers.set(
        seat,
        // A Node timer fires from the event loop, never in the middle of another action's commit.
        table.timers.setTimeout(() => {
          this.timers.delete(seat);
          table.guarded(() => this.move(seat));
        }, this.hurrying ? 0 : botWait(table.delayMs)),
      );
    }
  }

  /** Plays the bots' pending steps without delay, for the rest of this run of bot steps. */
  hurry(): void {
    this.hurrying = true;
    this.reschedule();
  }

  /** The pace changed: pending moves wait the new delay from now. */
  reschedule(): void {
    for (const timer of this.timers.values()) timer.clear();
    this.timers.clear();
    this.schedule();
  }

  /** A person took this seat back from its bot: its pending move is dropped. */
  cancel(seat: Seat): void {
    this.timers.get(seat)?.clear();
    this.timers.delete(seat);
    this.thinking.delete(seat);
  }

  stop(): void {
    for (const timer of this.timers.values()) timer.clear();
    this.timers.clear();
    this.thinking.clear();
    if (this.follower.given !== null) this.table.thinker?.forget(this.follower.key);
    this.rewound();
  }

  /** The question for `seat`'s decision: the actions since the last one, or the whole game. */
  private question(seat: Seat, dice: RngState): BotQuestion {
    const follower = this.follower;
    const moves = this.table.moveNumber();
    const { key: table, given, since } = follower;
    follower.given = moves;
    follower.since = [];
    // Whatever was missed (an action not passed to `accepted`), the counts tell: the whole game then.
    if (given !== null && given + since.length === moves) return { table, fromMove: given, actions: since, seat, dice };
    return { table, base: { state: this.table.gameState(), moves }, fromMove: moves, actions: [], seat, dice };
  }

  private move(seat: Seat): void {
    const table = this.table;
    if (!table.mayMove()) return;
    const gameState = table.gameState();
    const prompt = table.game.prompts(gameState).find((p) => p.seat === seat);
    if (!prompt) return this.schedule();
    // The bot sees what its seat may see, never the full state.
    // No BotMemory: what El Paso's bot would carry to the seat's next decision waits out the
    // bot's delay, outlives the young generation and costs the collector more than it saves
    // (bench:load, 1,000 El Paso tables: CPU per action 1.22–1.34 → 1.55–1.73 ms with one per
    // bot seat, the heap 250–540 → 790 MB; docs/sync-journal.md).
    const view = () => table.game.view(gameState, seat);
    const dice = botDice(table.seed, table.moveNumber(), seat);
    const thinker = table.thinker;
    if (!thinker?.takes(table.game.id)) return this.act(seat, prompt, this.decideHere(seat, view(), prompt, dice));
    const token = {};
    this.thinking.set(seat, token);
    const answered = (choice: () => unknown) =>
      table.guarded(() => {
        // Dropped meanwhile (the seat's person came back, the game stopped), or the table moved
        // on (a step taken back): the answer is for a state that is gone, so decide again.
        if (this.thinking.get(seat) !== token) return;
        this.thinking.delete(seat);
        if (!table.mayMove()) return;
        if (table.gameState() !== gameState) return this.schedule();
        this.act(seat, prompt, choice());
      });
    thinker.decide(table.game.id, this.question(seat, dice)).then(
      (action) => answered(() => action),
      (error: unknown) => {
        // A thread that could not decide may have no copy of the table, or one behind (a new
        // thread, a question lost): the next question sends the whole game, whatever becomes of
        // this answer. (A bot that threw there leaves the copy as it was.)
        if (!(error instanceof BotFailed)) this.rewound();
        answered(() => {
          if (error instanceof BotFailed) return this.failed(seat, prompt, error);
          // The thread's loss is logged once, where it happens (app.ts).
          table.log.debug({ err: error, seat }, "the bots' thread could not decide; deciding here");
          return this.decideHere(seat, view(), prompt, dice);
        });
      },
    );
  }

  /** The bot's choice made on this thread; its first option if the bot throws. */
  private decideHere(seat: Seat, view: unknown, prompt: Prompt, dice: RngState): unknown {
    try {
      return this.table.game.bot(view, prompt, randomFrom(dice));
    } catch (error) {
      return this.failed(seat, prompt, error);
    }
  }

  private failed(seat: Seat, prompt: Prompt, error: unknown): unknown {
    this.table.log.error({ err: error, seat, kind: prompt.kind }, "bot failed; taking its first option");
    return prompt.options[0];
  }

  /** Performs the bot's choice, or its first option should the rules refuse the choice. */
  private act(seat: Seat, prompt: Prompt, choice: unknown): void {
    const table = this.table;
    let refused = table.perform(seat, choice);
    if (refused && !sameJson(choice, prompt.options[0])) {
      table.log.error({ seat, kind: prompt.kind, error: refused }, "bot chose an illegal action; taking its first option");
      refused = table.perform(seat, prompt.options[0]);
    }
    if (refused) table.log.error({ seat, kind: prompt.kind, error: refused }, "the rules refuse their own option; the bot seat is stuck");
  }
}
