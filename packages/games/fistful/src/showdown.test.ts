/**
 * Showdowns (SHOWDOWN in the rulebook): dice, the reroll, ties, the double death, graves and
 * rewards. Each test fixes the dice by choosing the RNG state (test-helpers.ts `rngRolling`)
 * and fills the bag with gold only, so the rewards drawn afterwards are exact.
 */
import { describe, expect, it } from "vitest";
import type { MeepleType } from "./data.ts";
import { RULINGS } from "./rulings.ts";
import { act, emptyTable, errorCode, eventsOf, goldOnlyBag, meeples, play, prompt, put, rngRolling } from "./test-helpers.ts";

type Fighter = Exclude<MeepleType, "madame">;

/**
 * SL holds `left`, controlled by seat 1 since an earlier turn. Seat 0 takes a single `right`
 * from T6 and places it clockwise onto SR; the showdown is then the only thing to resolve, so it
 * is fought at once with the dice `rolls` (SL's first, then SR's, then any reroll).
 */
function fight(left: Fighter, right: Fighter, rolls: number[], setup: (state: ReturnType<typeof emptyTable>) => void = () => {}) {
  const state = emptyTable();
  goldOnlyBag(state);
  state.spaces.SL = { meeple: left, controller: 1 };
  put(state, "T6", { [right]: 1 });
  put(state, "B3", { builder: 1 }); // keeps the next turn's take a real choice
  setup(state);
  state.rng = rngRolling(...rolls);
  return play(state, { type: "take", location: "T6" }, { type: "direction", direction: "cw" });
}

describe("showdown", () => {
  it("is fought as soon as both showdown spaces hold a meeple; the higher roll wins", () => {
    const { state, events } = fight("robber", "robber", [2, 5]);
    expect(eventsOf(events, "showdown")).toEqual([
      {
        type: "showdown",
        seat: 0,
        left: { controller: 1, meeple: "robber", roll: 2 },
        right: { controller: 0, meeple: "robber", roll: 5 },
      },
    ]);
    expect(eventsOf(events, "showdownWon")).toEqual([{ type: "showdownWon", seat: 0, meeple: "robber", loser: 1, loserMeeple: "robber" }]);
    // Winner to the Saloon, loser to a grave, both showdown spaces empty again.
    expect(state.spaces).toEqual({});
    expect(state.locations.saloon).toEqual(meeples({ robber: 1 }));
    expect(state.graves).toEqual(["robber"]);
    expect(state.players.map((p) => p.gold)).toEqual([3, 0]);
  });

  it("lets the controller of the other meeple win with the higher roll just the same", () => {
    const { state } = fight("robber", "robber", [6, 1]);
    expect(state.players.map((p) => p.gold)).toEqual([0, 3]);
    expect(state.graves).toEqual(["robber"]);
    expect(state.locations.saloon.robber).toBe(1);
  });

  it.each([
    { loser: "deputy", reward: 4 },
    { loser: "robber", reward: 3 },
    { loser: "miner", reward: 2 },
    { loser: "builder", reward: 1 },
  ] as const)("rewards the winner by the loser's type: a $loser is worth $reward", ({ loser, reward }) => {
    // A deputy (seat 0) with a 6 beats anything that rolls a 1.
    const { state } = fight(loser, "deputy", [1, 6]);
    expect(state.players[0]!.gold).toBe(reward);
    expect(state.players[1]!.gold).toBe(0);
    expect(state.graves).toEqual([loser]);
    expect(state.locations.saloon.deputy).toBe(1);
  });

  it("gives a tied roll to the higher-ranked meeple", () => {
    const { state, events } = fight("miner", "builder", [4, 4]);
    expect(eventsOf(events, "showdownWon")).toEqual([{ type: "showdownWon", seat: 1, meeple: "miner", loser: 0, loserMeeple: "builder" }]);
    expect(state.players.map((p) => p.gold)).toEqual([0, 1]);
    expect(state.graves).toEqual(["builder"]);
    expect(state.locations.saloon.miner).toBe(1);
  });

  it.each([
    ["deputy", "robber"],
    ["robber", "miner"],
    ["miner", "builder"],
    ["deputy", "builder"],
  ] as const)("ranks a %s above a %s", (stronger, weaker) => {
    // The weaker meeple on SR, the roll tied: the stronger one on SL wins.
    expect(fight(stronger, weaker, [3, 3]).state.graves).toEqual([weaker]);
    // And the other way round.
    expect(fight(weaker, stronger, [3, 3]).state.graves).toEqual([weaker]);
  });

  describe("the reroll", () => {
    it("is offered to the controller of the higher-ranked meeple while that meeple is losing, even on another player's turn", () => {
      expect(RULINGS.rerollOnlyWhenItCanHelp.source).toBe("ours");
      const { state } = fight("deputy", "robber", [2, 5]);
      expect(state.active).toBe(0);
      expect(prompt(state)).toEqual({
        seat: 1,
        kind: "reroll",
        options: [{ type: "reroll" }, { type: "keep" }],
        context: { rolls: { SL: 2, SR: 5 } },
      });
      // The weaker meeple's controller has no say.
      expect(errorCode(state, 0, { type: "reroll" })).toBe("NOT_YOUR_TURN");
    });

    it("replaces the roll, and the new roll decides", () => {
      const asking = fight("deputy", "robber", [2, 5, 6]).state;
      const { state, events } = act(asking, 1, { type: "reroll" });
      expect(eventsOf(events, "rerolled")).toEqual([{ type: "rerolled", seat: 1, from: 2, to: 6 }]);
      expect(state.players.map((p) => p.gold)).toEqual([0, 3]);
      expect(state.graves).toEqual(["robber"]);
      expect(state.locations.saloon.deputy).toBe(1);
    });

    it("wins with a rerolled tie, since a tie goes to the higher rank", () => {
      const asking = fight("deputy", "robber", [2, 5, 5]).state;
      const { state } = act(asking, 1, { type: "reroll" });
      expect(state.graves).toEqual(["robber"]);
      expect(state.players[1]!.gold).toBe(3);
    });

    it("loses when the reroll is lower still, and there is no second reroll", () => {
      const asking = fight("deputy", "robber", [2, 5, 1]).state;
      const { state } = act(asking, 1, { type: "reroll" });
      expect(state.graves).toEqual(["deputy"]);
      expect(state.players[0]!.gold).toBe(4);
      expect(prompt(state).kind).toBe("take");
    });

    it("keeps the roll when declined", () => {
      const asking = fight("deputy", "robber", [2, 5]).state;
      const { state, events } = act(asking, 1, { type: "keep" });
      expect(eventsOf(events, "rerollDeclined")).toEqual([{ type: "rerollDeclined", seat: 1 }]);
      expect(state.graves).toEqual(["deputy"]);
      expect(state.players[0]!.gold).toBe(4);
    });

    it("rerolls the die of the right side when the stronger meeple stands on SR", () => {
      // Seat 0's deputy on SR rolled 1 against seat 1's builder on SL with 3.
      const asking = fight("builder", "deputy", [3, 1, 6]).state;
      expect(prompt(asking)).toMatchObject({ seat: 0, kind: "reroll", context: { rolls: { SL: 3, SR: 1 } } });
      const { state } = act(asking, 0, { type: "reroll" });
      expect(state.graves).toEqual(["builder"]);
      expect(state.players[0]!.gold).toBe(1);
    });

    it.each([
      { why: "the stronger meeple already rolled higher", rolls: [5, 2] },
      { why: "the roll is tied", rolls: [3, 3] },
    ])("is not offered when $why", ({ rolls }) => {
      const { state, events } = fight("deputy", "robber", rolls);
      expect(eventsOf(events, "showdownWon")).toMatchObject([{ seat: 1, meeple: "deputy" }]);
      expect(state.graves).toEqual(["robber"]);
    });

    it("is never offered to the weaker meeple, even when it loses", () => {
      // Seat 0's robber (SR) rolled lower than seat 1's deputy (SL).
      const { state, events } = fight("deputy", "robber", [5, 2]);
      expect(eventsOf(events, "rerolled")).toEqual([]);
      expect(state.graves).toEqual(["robber"]);
      expect(prompt(state).kind).toBe("take");
    });

    it("is never offered between meeples of equal rank", () => {
      const { state } = fight("robber", "robber", [1, 6]);
      expect(state.graves).toEqual(["robber"]);
      expect(prompt(state).kind).toBe("take");
    });

    it("goes to the named player who controls the stronger meeple", () => {
      // 3 players: seat 0 controls the miner on SL, places a deputy on SR and must name seat 1 or 2.
      const state = emptyTable(3);
      goldOnlyBag(state);
      state.spaces.SL = { meeple: "miner", controller: 0 };
      put(state, "T6", { deputy: 1 });
      put(state, "B3", { builder: 1 });
      state.rng = rngRolling(5, 2, 6);
      const naming = play(state, { type: "take", location: "T6" }, { type: "direction", direction: "cw" }).state;
      const asking = act(naming, 0, { type: "name", seat: 2 }).state;
      expect(prompt(asking)).toMatchObject({ seat: 2, kind: "reroll", context: { rolls: { SL: 5, SR: 2 } } });
      const after = act(asking, 2, { type: "reroll" }).state;
      // The named seat wins and draws the reward; the active seat 0 lost its miner.
      expect(after.players.map((p) => p.gold)).toEqual([0, 0, 2]);
      expect(after.graves).toEqual(["miner"]);
    });
  });

  describe("the double death", () => {
    it("sends both meeples of equal rank with equal rolls to the graves, and both draw as winners", () => {
      expect(RULINGS.drawOrderOnDoubleDeath.source).toBe("ours");
      const { state, events } = fight("miner", "miner", [3, 3]);
      expect(eventsOf(events, "showdownBothDie")).toEqual([{ type: "showdownBothDie", left: 1, right: 0, meeple: "miner" }]);
      expect(state.graves).toEqual(["miner", "miner"]);
      expect(state.locations.saloon.miner).toBe(0);
      expect(state.players.map((p) => p.gold)).toEqual([2, 2]);
      // The active player draws first.
      expect(eventsOf(events, "drew").map((e) => e.seat)).toEqual([0, 1]);
    });

    it("puts one meeple in the last grave and the other out of the game (RULINGS.doubleDeathLastGrave)", () => {
      const { state } = fight("deputy", "deputy", [6, 6], (s) => {
        s.graves = ["builder", "builder", "builder", "builder", "builder"];
      });
      expect(state.graves).toEqual(["builder", "builder", "builder", "builder", "builder", "deputy"]);
      expect(state.boxed).toEqual(["deputy"]);
      expect(state.players.map((p) => p.gold)).toEqual([4, 4]);
    });
  });

  it("takes the losing meeple out of the game when no grave is free", () => {
    const { state, events } = fight("builder", "robber", [1, 6], (s) => {
      s.graves = ["miner", "miner", "miner", "miner", "miner", "miner"];
      s.endTrigger = "graveyardFull";
    });
    expect(state.graves).toHaveLength(6);
    expect(state.boxed).toEqual(["builder"]);
    expect(eventsOf(events, "leftTheGame")).toEqual([{ type: "leftTheGame", meeple: "builder" }]);
    expect(state.players[0]!.gold).toBe(1);
  });

  it("waits for the doors' meeples to be placed and is then resolved in any order with them", () => {
    // From T5 clockwise: T6, then SR. The showdown and the T6 door are both left to resolve.
    const state = emptyTable();
    goldOnlyBag(state);
    state.spaces.SL = { meeple: "builder", controller: 1 };
    put(state, "T5", { miner: 2 });
    put(state, "B3", { builder: 1 });
    state.rng = rngRolling(1, 6);
    const resolving = play(state, { type: "take", location: "T5" }, { type: "direction", direction: "cw" }).state;
    expect(prompt(resolving).options).toEqual([{ type: "resolve", space: "T6" }, { type: "resolveShowdown" }]);
    const { state: after } = act(resolving, 0, { type: "resolveShowdown" });
    expect(after.graves).toEqual(["builder"]);
    expect(after.locations.T6.miner).toBe(1);
    expect(after.players[0]!.gold).toBe(1);
  });
});
