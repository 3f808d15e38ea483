import type { ResumableMatch } from "@saloon/db";
import { type ActionBase, type AnyGame, type Json, type Random, createRandom, playOut, sameJson, undoBarrier } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { replayStored } from "./table-setup.ts";
import { TurnUndo, type UndoStep } from "./table-undo.ts";
import { testGames } from "./test-support.ts";

const fistful = testGames.fistful!;

/** Feeds a bot-played Fistful game to a TurnUndo, every seat played by a person unless listed as a bot. */
function feed(untilStep: number, bots: number[] = []) {
  const { log } = playOut(fistful, { seed: "table-undo", seats: 2 });
  const undo = new TurnUndo();
  let state = fistful.setup("table-undo", 2);
  const states = [state];
  for (const [index, { seat, action }] of log.slice(0, untilStep).entries()) {
    const result = fistful.apply(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    undo.accepted(fistful, index, seat, state, result.state, !bots.includes(seat));
    undo.published(index, index);
    state = result.state;
    states.push(state);
  }
  return { undo, state, states, log };
}

describe("TurnUndo", () => {
  it("hands back the steps of the turn, newest first, each with the game before it", () => {
    const { log } = feed(0);
    // The first step of a turn after another seat's turn: a "take" (the engine keeps it open).
    const start = log.findIndex((entry, i) => i > 0 && entry.action.type === "take" && log[i - 1]!.seat !== entry.seat);
    const { undo, states, log: all } = feed(start + 2);
    const seat = all[start]!.seat;
    expect(undo.available(seat)).toBe(2);
    const last = undo.take(seat, true);
    expect("code" in last ? last : last.index).toBe(start + 1);
    expect("code" in last ? null : last.before).toBe(states[start + 1]);
    const first = undo.take(seat, true);
    expect("code" in first ? first : first.index).toBe(start);
    expect(undo.take(seat, true)).toMatchObject({ code: "NOTHING_TO_UNDO" });
    expect(undo.take(1 - seat, false)).toMatchObject({ code: "NOT_YOUR_TURN" });
  });

  it("says the window closed after a draw from the bag in the middle of the turn", () => {
    const { states, log } = feed(Infinity);
    const draw = log.findIndex(
      (entry, i) => undoBarrier(fistful, states[i], states[i + 1], entry.seat) === "random" && log[i + 1]?.seat === entry.seat && log[i - 1]?.seat === entry.seat,
    );
    expect(draw).toBeGreaterThan(0);
    const { undo } = feed(draw + 1);
    expect(undo.take(log[draw]!.seat, true)).toMatchObject({ code: "UNDO_CLOSED" });
  });

  it("keeps no step of a bot", () => {
    const { log } = feed(0);
    const start = log.findIndex((entry, i) => i > 0 && entry.action.type === "take" && log[i - 1]!.seat !== entry.seat);
    const seat = log[start]!.seat;
    const { undo } = feed(start + 1, [seat]);
    expect(undo.available(seat)).toBe(0);
    expect(undo.take(seat, true)).toMatchObject({ code: "NOTHING_TO_UNDO" });
  });
});

/**
 * A table as the room runs it, without the room: people and bots play a seeded game, people now
 * and then take steps back, and a bot now and then plays a person's seat for one step (as for a
 * person who left). The stored log is what the room would have stored.
 */
class SimulatedTable {
  state: unknown;
  readonly live = new TurnUndo();
  readonly stored: ResumableMatch["actions"] = [];
  private readonly random: Random;
  /** What the comparisons met: steps taken back, UNDO_CLOSED answers, windows a bot step closed. */
  readonly counts = { taken: 0, closed: 0, afterBot: 0 };

  constructor(
    readonly game: AnyGame,
    readonly seed: string,
    readonly seats: number,
    readonly options: unknown,
  ) {
    this.state = game.setup(seed, seats, options);
    this.random = createRandom(`simulated-table/${seed}`);
  }

  /** The match as the store holds it now. */
  match(): ResumableMatch {
    return {
      id: `sim-${this.seed}`,
      status: "playing",
      game: this.game.id,
      rulesVersion: this.game.rulesVersion,
      options: this.options as Json,
      seed: this.seed,
      createdAt: new Date(0),
      startedAt: new Date(0),
      table: {},
      seats: Array.from({ length: this.seats }, (_, seat) => ({ seat, kind: "human" as const, name: `P${seat}`, tokenHash: null })),
      actions: this.stored.map((row) => ({ ...row })),
    };
  }

  /** One step by the seat that owes, decided by a person unless `byBot`. */
  step(byBot: boolean): void {
    const prompt = this.game.prompts(this.state)[0]!;
    const action = this.game.bot(this.game.view(this.state, prompt.seat), prompt, this.random) as ActionBase;
    const result = this.game.apply(this.state, prompt.seat, action);
    if (!result.ok) throw new Error(result.error.message);
    const index = this.stored.length;
    this.live.accepted(this.game, index, prompt.seat, this.state, result.state, !byBot);
    this.live.published(index, index);
    this.stored.push({ index, seat: prompt.seat, action, at: new Date(index), byPerson: !byBot });
    this.state = result.state;
  }

  /**
   * Every seat asks the live window and one rebuilt from the stored log for a step back; the
   * answers must be the same. The owing seat's step, if it gets one, is taken back at the table.
   */
  compareUndo(): void {
    const rebuilt = replayStored(this.game, this.match());
    expect(sameJson(rebuilt.gameState, this.state)).toBe(true);
    const owing = new Set(this.game.prompts(this.state).map((prompt) => prompt.seat));
    for (let seat = 0; seat < this.seats; seat++) {
      expect(rebuilt.undo.available(seat), `seat ${seat}'s count at step ${this.stored.length}`).toBe(this.live.available(seat));
      const live = this.live.take(seat, owing.has(seat));
      const again = rebuilt.undo.take(seat, owing.has(seat));
      if ("code" in live) {
        expect(again, `seat ${seat}'s refusal at step ${this.stored.length}`).toEqual(live);
        if (live.code === "UNDO_CLOSED") this.counts.closed++;
        continue;
      }
      expect("code" in again ? again : { index: again.index, seat: again.seat }).toEqual({ index: live.index, seat: live.seat });
      expect(sameJson((again as UndoStep).before, live.before)).toBe(true);
      this.state = live.before;
      this.stored.length = live.index;
      this.counts.taken++;
    }
  }
}

describe("a table's undo window rebuilt from the stored log", () => {
  // Two people and a bot.
  it.each(["fistful", "el-gaucho", "el-paso"])("is the live window, step by step, in a seeded game of %s", (id) => {
    const game = testGames[id]!;
    const seats = Math.min(3, game.maxSeats);
    const botSeat = seats - 1;
    const table = new SimulatedTable(game, `rebuilt-undo-${id}`, seats, game.parseOptions(undefined));
    const random = createRandom(`rebuilt-undo-choices-${id}`);
    let checks = 0;
    for (let steps = 0; steps < 2000 && !game.isOver(table.state); steps++) {
      const seat = game.prompts(table.state)[0]!.seat;
      const open = table.live.available(seat) > 0;
      // A bot plays a person's seat now and then in the middle of a turn (the person left):
      // that step closes the window, also once the person is back.
      const botForPerson = seat !== botSeat && open && random.int(0, 9) === 0;
      table.step(seat === botSeat || botForPerson);
      if (botForPerson) {
        table.counts.afterBot += table.live.available(seat) === 0 ? 1 : 0;
        table.compareUndo();
        checks++;
      } else if (random.int(0, 11) === 0) {
        table.compareUndo();
        checks++;
      }
    }
    expect(game.isOver(table.state)).toBe(true);
    expect(checks).toBeGreaterThan(10);
    // The comparison met steps taken back, windows a draw or reveal closed and windows a bot
    // closed, not only empty ones.
    expect(table.counts.taken).toBeGreaterThan(0);
    expect(table.counts.closed).toBeGreaterThan(0);
    expect(table.counts.afterBot).toBeGreaterThan(0);
  });
});
