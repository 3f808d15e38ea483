/**
 * The start of the game (SPIELBEGINN: the starting signs), the three end triggers with the
 * equal-turns rule (SPIELENDE), and scoring with its tie-break (WERTUNG).
 */
import { describe, expect, it } from "vitest";
import { BUILDINGS, CORNERS, MEEPLE_TYPES } from "./data.ts";
import { fistful } from "./index.ts";
import { countMeeples, type FistfulState } from "./state.ts";
import { act, emptyTable, errorCode, eventsOf, goldOnlyBag, meeples, play, prompt, put, rngRolling } from "./test-helpers.ts";

/** A table where every turn can be a quiet one: a builder parked in B3 keeps `take` a real choice. */
function table(seats: number): FistfulState {
  const state = emptyTable(seats);
  put(state, "B3", { builder: 1 });
  return state;
}

/** The active seat plays a turn with no effect: one miner from B5 to the door of B4, which has no sign. */
function quietTurn(state: FistfulState) {
  const next = structuredClone(state);
  put(next, "B5", { miner: 1 });
  return play(next, { type: "take", location: "B5" }, { type: "direction", direction: "cw" });
}

describe("setup", () => {
  it.each([2, 3, 4])("lays out the board for %i players as the rulebook says", (seats) => {
    const state = fistful.setup(`setup-${seats}`, seats);
    // 3 random meeples in each of the 12 buildings, the madame in the Saloon, nobody in the Jail.
    for (const building of BUILDINGS) expect(countMeeples(state.locations[building])).toBe(3);
    expect(state.locations.saloon).toEqual(meeples({ madame: 1 }));
    expect(state.locations.jail).toEqual(meeples());
    const total = meeples();
    for (const building of BUILDINGS) for (const type of MEEPLE_TYPES) total[type] += state.locations[building][type];
    expect(total).toEqual(meeples({ deputy: 4, robber: 5, miner: 6, builder: 21 }));
    expect(state.bag).toEqual({ gold: 36, stone: 18, dynamite: 0 });
    expect(state.jailDynamite).toBe(3);
    expect(state.bank).toEqual([6, 6, 7, 7, 8, 8]);
    expect(state.graves).toEqual([]);
    expect(state.players).toEqual(Array.from({ length: seats }, () => ({ gold: 0, stone: 0, bars: [], signsLeft: 8 })));
  });

  it("refuses fewer than 2 or more than 4 players", () => {
    expect(() => fistful.setup("x", 1)).toThrow();
    expect(() => fistful.setup("x", 5)).toThrow();
  });
});

describe("starting signs", () => {
  it("are placed from the last seat counter-clockwise, each on a different free corner, 5 side up, free of charge", () => {
    const state = fistful.setup("signs", 4);
    // The start player's right neighbour is the seat that plays last: seat 3.
    expect(prompt(state)).toEqual({
      seat: 3,
      kind: "startSign",
      options: CORNERS.map((building) => ({ type: "placeSign", building })),
    });
    const second = act(state, 3, { type: "placeSign", building: "T6" }).state;
    expect(prompt(second).seat).toBe(2);
    expect(prompt(second).options).toEqual([
      { type: "placeSign", building: "T1" },
      { type: "placeSign", building: "B1" },
      { type: "placeSign", building: "B6" },
    ]);
    const third = act(second, 2, { type: "placeSign", building: "B1" }).state;
    expect(prompt(third).seat).toBe(1);
    // Seat 0 gets the last corner without being asked, and its first turn begins.
    const { state: started, events } = act(third, 1, { type: "placeSign", building: "T1" });
    expect(eventsOf(events, "signPlaced")).toEqual([
      { type: "signPlaced", seat: 1, building: "T1", points: 5 },
      { type: "signPlaced", seat: 0, building: "B6", points: 5 },
    ]);
    expect(started.signs).toEqual({
      T6: { owner: 3, points: 5 },
      B1: { owner: 2, points: 5 },
      T1: { owner: 1, points: 5 },
      B6: { owner: 0, points: 5 },
    });
    expect(started.players.map((p) => [p.signsLeft, p.gold, p.stone])).toEqual([
      [7, 0, 0],
      [7, 0, 0],
      [7, 0, 0],
      [7, 0, 0],
    ]);
    expect(prompt(started)).toMatchObject({ seat: 0, kind: "take" });
  });

  it("in a 2-player game go seat 1 first, then seat 0, who then starts", () => {
    const state = fistful.setup("signs", 2);
    expect(prompt(state).seat).toBe(1);
    const second = act(state, 1, { type: "placeSign", building: "B6" }).state;
    expect(prompt(second)).toMatchObject({ seat: 0, kind: "startSign" });
    expect(prompt(second).options).toHaveLength(3);
    const started = act(second, 0, { type: "placeSign", building: "T1" }).state;
    expect(started.signs).toEqual({ B6: { owner: 1, points: 5 }, T1: { owner: 0, points: 5 } });
    expect(prompt(started)).toMatchObject({ seat: 0, kind: "take" });
  });
});

describe("the end of the game", () => {
  it("is triggered by an empty bank, and the round is played out", () => {
    const state = table(2);
    state.bank = [8];
    state.players[0]!.gold = 8;
    const { state: triggered, events } = quietTurn(state);
    expect(triggered.bank).toEqual([]);
    expect(triggered.endTrigger).toBe("bankEmpty");
    expect(eventsOf(events, "endTriggered")).toEqual([{ type: "endTriggered", seat: 0, reason: "bankEmpty" }]);
    // Seat 1 still plays its turn in this round.
    expect(fistful.isOver(triggered)).toBe(false);
    expect(prompt(triggered)).toMatchObject({ seat: 1, kind: "take" });
    expect(fistful.scores(triggered)).toBeNull();

    const { state: over, events: last } = quietTurn(triggered);
    expect(fistful.isOver(over)).toBe(true);
    expect(eventsOf(last, "gameEnded")).toEqual([{ type: "gameEnded", reason: "bankEmpty" }]);
    expect(fistful.prompts(over)).toEqual([]);
    expect(fistful.scores(over)).not.toBeNull();
    expect(errorCode(over, 0, { type: "take", location: "saloon" })).toBe("GAME_OVER");
  });

  it("is triggered when the last grave is filled", () => {
    const state = table(3);
    goldOnlyBag(state);
    state.graves = ["builder", "builder", "builder", "builder", "builder"];
    state.spaces.SL = { meeple: "builder", controller: 1 };
    put(state, "T6", { deputy: 1 });
    state.rng = rngRolling(1, 6);
    const { state: triggered } = play(state, { type: "take", location: "T6" }, { type: "direction", direction: "cw" });
    expect(triggered.graves).toHaveLength(6);
    expect(triggered.endTrigger).toBe("graveyardFull");
    expect(triggered.active).toBe(1);
    const afterSeat1 = quietTurn(triggered).state;
    expect(fistful.isOver(afterSeat1)).toBe(false);
    const afterSeat2 = quietTurn(afterSeat1).state;
    expect(fistful.isOver(afterSeat2)).toBe(true);
  });

  it("is triggered when the third dynamite explodes", () => {
    const state = table(2);
    state.jailDynamite = 0;
    state.explodedDynamite = 2;
    state.bag = { gold: 0, stone: 0, dynamite: 1 };
    state.signs.T4 = { owner: 0, points: 5 };
    put(state, "saloon", { miner: 1 });
    const { state: triggered, events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T4" });
    expect(triggered.explodedDynamite).toBe(3);
    expect(eventsOf(events, "endTriggered")).toEqual([{ type: "endTriggered", seat: 0, reason: "allDynamiteExploded" }]);
    expect(fistful.isOver(triggered)).toBe(false);
    expect(fistful.isOver(quietTurn(triggered).state)).toBe(true);
  });

  it("is not triggered by a bank, graveyard or explosion space that is not yet exhausted", () => {
    const state = table(2);
    state.bank = [8];
    state.graves = ["miner", "miner", "miner", "miner", "miner"];
    state.explodedDynamite = 2;
    const { state: after } = quietTurn(state);
    expect(after.endTrigger).toBeNull();
    expect(fistful.isOver(quietTurn(after).state)).toBe(false);
  });

  it.each([
    { seats: 4, trigger: 0, then: [1, 2, 3] },
    { seats: 4, trigger: 2, then: [3] },
    { seats: 3, trigger: 1, then: [2] },
    { seats: 3, trigger: 2, then: [] },
    { seats: 2, trigger: 1, then: [] },
  ])("gives every seat the same number of turns: $seats players, triggered by seat $trigger, then seats $then", ({ seats, trigger, then }) => {
    const state = table(seats);
    state.active = trigger;
    state.bank = [6];
    state.players[trigger]!.gold = 6;
    let current = quietTurn(state).state;
    expect(current.endTrigger).toBe("bankEmpty");
    for (const seat of then) {
      expect(fistful.isOver(current)).toBe(false);
      expect(prompt(current).seat).toBe(seat);
      current = quietTurn(current).state;
    }
    // The last turn is the start player's right neighbour's, the last seat.
    expect(fistful.isOver(current)).toBe(true);
  });
});

describe("scoring", () => {
  function finished(setup: (state: FistfulState) => void): FistfulState {
    const state = table(2);
    setup(state);
    state.step = { kind: "over" };
    return state;
  }

  it("is null while the game runs", () => {
    expect(fistful.scores(table(2))).toBeNull();
  });

  it("counts 1 per gold cube, 10 per bar and 5 or 10 per own sign; stone scores nothing", () => {
    const scores = fistful.scores(
      finished((s) => {
        s.players[0] = { gold: 7, stone: 4, bars: [6, 7], signsLeft: 6 };
        s.players[1] = { gold: 3, stone: 9, bars: [], signsLeft: 7 };
        s.signs = { T1: { owner: 0, points: 5 }, T3: { owner: 0, points: 10 }, B2: { owner: 1, points: 5 } };
      }),
    )!;
    expect(scores.categories).toEqual(["gold", "bars", "signs"]);
    expect(scores.lines[0]).toMatchObject({ seat: 0, total: 42, breakdown: { gold: 7, bars: 20, signs: 15 }, placement: 1 });
    expect(scores.lines[1]).toMatchObject({ seat: 1, total: 8, breakdown: { gold: 3, bars: 0, signs: 5 }, placement: 2 });
    expect(scores.winners).toEqual([0]);
  });

  it("breaks a tie by the most cubes, gold and stone together", () => {
    const scores = fistful.scores(
      finished((s) => {
        // Both 20 points; seat 1 holds more cubes thanks to its stone.
        s.players[0] = { gold: 10, stone: 2, bars: [], signsLeft: 7 };
        s.players[1] = { gold: 5, stone: 9, bars: [], signsLeft: 7 };
        s.signs = { T1: { owner: 0, points: 10 }, T3: { owner: 1, points: 5 }, T4: { owner: 1, points: 10 } };
      }),
    )!;
    expect(scores.lines.map((l) => l.total)).toEqual([20, 20]);
    expect(scores.lines.map((l) => l.tiebreak)).toEqual([[12], [14]]);
    expect(scores.winners).toEqual([1]);
    expect(scores.lines.map((l) => l.placement)).toEqual([2, 1]);
  });

  it("shares the win when points and cubes are both equal", () => {
    const scores = fistful.scores(
      finished((s) => {
        // 14 points and 9 cubes each.
        s.players[0] = { gold: 4, stone: 5, bars: [6], signsLeft: 8 };
        s.players[1] = { gold: 9, stone: 0, bars: [], signsLeft: 7 };
        s.signs = { T1: { owner: 1, points: 5 } };
      }),
    )!;
    expect(scores.lines.map((l) => l.total)).toEqual([14, 14]);
    expect(scores.winners).toEqual([0, 1]);
    expect(scores.lines.map((l) => l.placement)).toEqual([1, 1]);
  });
});
