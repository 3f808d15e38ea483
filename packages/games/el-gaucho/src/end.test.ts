import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";
import type { GauchoState } from "./state.ts";
import { eventsOf, offered, passTurn, play, prompt, putGaucho, putOnArea, setHerd, setRow, table, tile, tiles } from "./test-helpers.ts";

/** Leaves only `keep` in the supply (top = last); everything else is put aside as discarded. */
function supplyOf(state: GauchoState, ...keep: ReturnType<typeof tile>[]) {
  state.supply = state.supply.filter((t) => !keep.some((k) => k.breed === t.breed && k.value === t.value));
  state.discarded.push(...state.supply);
  state.supply = keep;
}

/** A dieless last round for seat 0 to start. */
function dielessTable(seats = 2): GauchoState {
  const state = table(seats, []);
  state.discarded.push(...state.supply);
  state.supply = [];
  state.endPhase = "dielessRound";
  state.round.dieless = true;
  state.turn.dice = [];
  return state;
}

describe("the end of the game (SPIELENDE, SCHLUSSWERTUNG)", () => {
  it("the rulebook's three-player example: steppe empties the supply, round finished, one complete round, one dieless round", () => {
    // Red = seat 0 (start), Blue = seat 1, Green = seat 2.
    let state = table(3, [1, 1, 2, 2, 3, 3, 4]);
    setRow(state, 0, [tile("gold", 6), tile("white", 3), tile("black", 2)]);
    setRow(state, 1, [tile("brown", 10), tile("brown", 9), tile("gold", 1), null]);
    putGaucho(state, 0, 1, 2, false);
    putGaucho(state, 0, 2, 0, true);
    putGaucho(state, 1, 0, 2, false);
    putGaucho(state, 1, 1, 2, false);
    state.steppe = [tile("gold", 11), tile("black", 12), tile("white", 1), tile("gold", 2)];
    supplyOf(state, tile("white", 7));
    state.supply = state.supply.filter((t) => !state.steppe.some((s) => s.breed === t.breed && s.value === t.value));
    setHerd(state, 0, tiles("spotted", 3, 4));
    setHerd(state, 2, tiles("spotted", 5, 8));
    putOnArea(state, 0, "thief");
    putOnArea(state, 0, "sale");
    putOnArea(state, 1, "steppe");
    putOnArea(state, 1, "wish");
    putOnArea(state, 2, "overseer");
    // Round 1: Red passes; Blue uses the steppe and the refill takes the supply's last tile.
    state = passTurn(state).state;
    state = play(state, { type: "steppe" }, { type: "steppeChoose", tiles: [tile("black", 12)] }, { type: "steppePlace", row: 1, field: 3 }).state;
    expect(state.supply).toHaveLength(0);
    expect(state.steppe).toHaveLength(4);
    expect(state.endPhase).toBe("supplyOut");
    state = passTurn(state).state; // Blue takes dice and ends the turn
    state = passTurn(state).state; // Green; the round ends
    // A complete round with Blue as start player, with dice.
    expect(state.round).toEqual({ number: 2, start: 1, dieless: false });
    expect(state.rodeo).toHaveLength(7);
    for (let k = 0; k < 3; k++) state = passTurn(state).state;
    // The dieless round, Green starts: no dice in the rodeo.
    expect(state.round).toEqual({ number: 3, start: 2, dieless: true });
    expect(state.rodeo).toEqual([]);
    expect(prompt(state).options.some((o) => o.type === "pick")).toBe(false);
    // Green raises his two lying gauchos.
    state = play(state, { type: "overseerRaise", fields: [{ row: 1, field: 0 }, { row: 1, field: 1 }] }, { type: "endTurn" }).state;
    // Red steals from Green's display and sells that herd instantly.
    state = play(state, { type: "steal", victim: 2, breed: "spotted", value: 8 }, { type: "instantSale", breed: "spotted" }, { type: "endTurn" }).state;
    expect(state.players[0]!.pesos).toBe(3 * 8 + 5);
    // Blue wishes a 6 and stands on the 6: the smallest pasture is now full.
    state = play(state, { type: "wish" }, { type: "stand", row: 0, field: 0, dice: [], wish: true }).state;
    const r = play(state, { type: "endTurn" });
    state = r.state;
    // The full pasture came home (Blue's 6, Red's 2; Green's lying 3 stayed), then every standing gaucho took its tile.
    // Green's two brown tiles arrive together: Green chooses their order.
    expect(prompt(state)).toMatchObject({ seat: 2, kind: "home", context: { final: true } });
    state = play(state, { type: "homeLay", breed: "brown", value: 10 }).state;
    expect(elGaucho.isOver(state)).toBe(true);
    const scores = elGaucho.scores(state)!;
    // Red: 29 + black 2. Blue: gold 6 + black 12. Green: 8 compensation + spotted 5 + brown 10-9 (2 × 10).
    expect(scores.lines.map((l) => l.total)).toEqual([31, 18, 33]);
    expect(scores.lines[2]!.breakdown).toEqual({ sales: 0, finalSales: 25, bonus: 0, compensation: 8 });
    expect(scores.winners).toEqual([2]);
    expect(state.pampa[0]![1]).toEqual({ tile: tile("white", 3), gaucho: { seat: 2, standing: false } }); // lying gauchos forfeit
  });

  it("when the round-end refill empties the supply, the next round is the complete round, then the dieless one", () => {
    let state = table(2, [1, 1, 2, 2, 3]);
    setRow(state, 0, [tile("white", 5), tile("gold", 6)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, true);
    for (const row of [1, 2, 3]) setRow(state, row, state.pampa[row]!.map((_, i) => tile("brown", 1 + i + 4 * (row - 1))));
    supplyOf(state, tile("black", 12), tile("black", 11));
    state = passTurn(passTurn(state).state).state;
    expect(state.supply).toHaveLength(0);
    expect(state.pampa[0]!.map((f) => f.tile?.value)).toEqual([11, 12]);
    expect(state.endPhase).toBe("fullRound");
    expect(state.round).toMatchObject({ number: 2, dieless: false });
    state = passTurn(passTurn(state).state).state;
    expect(state.round).toMatchObject({ number: 3, dieless: true });
    state = play(state, { type: "endTurn" }, { type: "endTurn" }).state;
    expect(elGaucho.isOver(state)).toBe(true);
  });

  it("while the supply lasts the game goes on", () => {
    let state = table(2, [1, 1, 2, 2, 3]);
    for (let k = 0; k < 6; k++) state = passTurn(state).state;
    expect(state.endPhase).toBeNull();
    expect(state.round.number).toBe(4);
  });

  it("the dieless round: only the gauchos on action fields can act", () => {
    const state = dielessTable();
    setRow(state, 0, [tile("white", 4)]);
    expect(prompt(state).options).toEqual([{ type: "endTurn" }]);
    putOnArea(state, 0, "wish");
    const wished = play(state, { type: "wish" }).state;
    expect(offered(wished, { type: "stand", row: 0, field: 0, dice: [], wish: true })).toBe(true);
  });

  it("final scoring: standing gauchos take their tiles from any pasture; lying ones and action fields lapse; every herd is sold, a single tile for its value", () => {
    let state = dielessTable();
    setRow(state, 3, [tile("white", 9), tile("gold", 4), null, null]);
    putGaucho(state, 3, 0, 0, true); // the pasture is not full: the gold 4 is free
    setRow(state, 2, [tile("black", 7)]);
    putGaucho(state, 2, 0, 1, false);
    putOnArea(state, 1, "sale");
    setHerd(state, 1, tiles("brown", 2, 6, 7));
    setHerd(state, 0, tiles("white", 10, 12));
    const r = play(state, { type: "endTurn" }, { type: "endTurn" });
    state = r.state;
    expect(elGaucho.isOver(state)).toBe(true);
    // Seat 0: white 10-12 then 9 does not fit → 2 × 12 sold, then the single 9 for 9.
    expect(eventsOf(r.events, "sold").filter((e) => e.seat === 0).map((e) => e.price)).toEqual([24, 9]);
    expect(elGaucho.scores(state)!.lines.map((l) => l.total)).toEqual([33, 21]);
    expect(state.pampa[2]![0]!.gaucho).toEqual({ seat: 1, standing: false });
  });

  it("the stable still works at the final drive-home", () => {
    let state = dielessTable();
    setRow(state, 3, [tile("white", 9), tile("gold", 3)]);
    putGaucho(state, 3, 0, 0, true); // the gold 3 is free: the pasture is not full
    setHerd(state, 0, tiles("white", 5, 11, 12));
    putOnArea(state, 0, "stable");
    state = play(state, { type: "endTurn" }, { type: "endTurn" }).state;
    expect(prompt(state)).toMatchObject({ seat: 0, kind: "home", context: { final: true } });
    state = play(state, { type: "sortIn", breed: "white", value: 9, position: 1 }).state;
    expect(elGaucho.scores(state)!.lines[0]!.total).toBe(4 * 12);
  });

  it("equal pesos share the win", () => {
    let state = dielessTable(3);
    setHerd(state, 0, tiles("white", 5));
    setHerd(state, 1, tiles("gold", 5));
    setHerd(state, 2, tiles("gold", 4));
    state = play(state, { type: "endTurn" }, { type: "endTurn" }, { type: "endTurn" }).state;
    const scores = elGaucho.scores(state)!;
    expect(scores.winners).toEqual([0, 1]);
    expect(scores.lines.map((l) => l.placement)).toEqual([1, 1, 3]);
  });

  it("no scores while the game runs, and nothing can be done once it is over", () => {
    let state = dielessTable();
    expect(elGaucho.scores(state)).toBeNull();
    state = play(state, { type: "endTurn" }, { type: "endTurn" }).state;
    expect(elGaucho.prompts(state)).toEqual([]);
    expect(elGaucho.apply(state, 0, { type: "endTurn" })).toMatchObject({ ok: false, error: { code: "GAME_OVER" } });
  });
});
