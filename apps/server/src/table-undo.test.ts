import { playOut, undoBarrier } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { TurnUndo } from "./table-undo.ts";
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
