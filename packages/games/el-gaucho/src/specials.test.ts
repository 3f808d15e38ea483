import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";
import { act, eventsOf, offered, play, prompt, putGaucho, putOnArea, setHerd, setRow, table, tile, tiles } from "./test-helpers.ts";

describe("special actions (SONDERAKTIONEN)", () => {
  it("wish die, example 1: a wished 6 occupies the steppe without a real die", () => {
    let state = table(2, [1, 1, 2, 2, 3]);
    putOnArea(state, 0, "wish");
    state = play(state, { type: "pick", dice: [1, 2] }, { type: "wish" }).state;
    expect(state.players[0]!.areas.wish).toBe(false);
    expect(state.turn.wish).toBe(1);
    state = play(state, { type: "occupy", area: "steppe", dice: [], wish: true }).state;
    expect(state.players[0]!.areas.steppe).toBe(true);
    expect(state.turn.dice).toEqual([1, 2]); // both real dice still there
    expect(state.turn.wish).toBe(0);
  });

  it("wish die, example 2: a wished 4 with two real 4s buys a 12", () => {
    let state = table(2, [4, 4, 1, 1, 1]);
    setRow(state, 0, [tile("black", 12)]);
    putOnArea(state, 0, "wish");
    state = play(state, { type: "pick", dice: [4, 4] }).state;
    expect(offered(state, { type: "stand", row: 0, field: 0, dice: [4, 4], wish: true })).toBe(false); // no wish die yet
    state = play(state, { type: "wish" }, { type: "stand", row: 0, field: 0, dice: [4, 4], wish: true }).state;
    expect(state.pampa[0]![0]!.gaucho).toEqual({ seat: 0, standing: true });
  });

  it("special actions may come before the dice are taken, and the returned gaucho is reusable at once", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    putOnArea(state, 0, "sale");
    state.players[0]!.gauchos = 0;
    setHerd(state, 0, tiles("gold", 2, 3));
    state = play(state, { type: "instantSale", breed: "gold" }).state;
    expect(state.players[0]!.gauchos).toBe(1);
    state = play(state, { type: "pick", dice: [1, 2] }, { type: "occupy", area: "wish", dice: [2], wish: false }).state;
    expect(state.players[0]!.gauchos).toBe(0);
  });

  it("instant sale: one herd of at least 2 tiles, proceeds + 5", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    putOnArea(state, 0, "sale");
    setHerd(state, 0, tiles("white", 3, 5, 6, 9));
    setHerd(state, 0, tiles("black", 7));
    expect(offered(state, { type: "instantSale", breed: "black" })).toBe(false);
    const r = play(state, { type: "instantSale", breed: "white" });
    expect(r.state.players[0]!.pesos).toBe(4 * 9 + 5);
    expect(r.state.players[0]!.earnings).toMatchObject({ sales: 36, bonus: 5 });
    expect(r.state.players[0]!.herds.white).toEqual([]);
    expect(r.state.sold).toHaveLength(4);
    expect(eventsOf(r.events, "sold")[0]).toMatchObject({ price: 36, reason: "instant" });
  });

  it("cattle thief then instant sale: a stolen 10 makes 4-6-9-10, sold for 4 × 10 + 5 = 45; the victim gets 10", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    putOnArea(state, 0, "thief");
    putOnArea(state, 0, "sale");
    setHerd(state, 0, tiles("brown", 4, 6, 9));
    setHerd(state, 1, tiles("brown", 12, 10, 3));
    state = play(state, { type: "steal", victim: 1, breed: "brown", value: 10 }).state;
    expect(state.players[0]!.herds.brown).toEqual(tiles("brown", 4, 6, 9, 10));
    expect(state.players[1]!.herds.brown).toEqual(tiles("brown", 12, 3));
    expect(state.players[1]!.pesos).toBe(10);
    expect(state.players[1]!.earnings.compensation).toBe(10);
    state = play(state, { type: "instantSale", breed: "brown" }).state;
    expect(state.players[0]!.pesos).toBe(45);
    expect(state.players[0]!.gauchos).toBe(8); // both gauchos back in supply
  });

  it("cattle thief: a stolen tile that does not fit closes and sells the herd (no bonus); with no herd of its breed it starts one", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    putOnArea(state, 0, "thief");
    setHerd(state, 0, tiles("white", 2, 5, 8));
    setHerd(state, 1, tiles("white", 4));
    setHerd(state, 1, tiles("gold", 7));
    const r = play(state, { type: "steal", victim: 1, breed: "white", value: 4 });
    expect(eventsOf(r.events, "sold")[0]).toMatchObject({ price: 24, reason: "closed" });
    expect(r.state.players[0]!.herds.white).toEqual(tiles("white", 4));
    expect(r.state.players[0]!.pesos).toBe(24);
    expect(r.state.players[0]!.earnings.bonus).toBe(0);
  });

  it("overseer, example 1: stands up two own lying gauchos (on the 10 and the 9)", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    setRow(state, 2, [tile("white", 10), tile("gold", 9), tile("black", 2)]);
    putGaucho(state, 2, 0, 0, false);
    putGaucho(state, 2, 1, 0, false);
    putOnArea(state, 0, "overseer");
    const raise = prompt(state).options.filter((o) => o.type === "overseerRaise");
    expect(raise).toHaveLength(3); // each alone, or both
    state = play(state, { type: "overseerRaise", fields: [{ row: 2, field: 0 }, { row: 2, field: 1 }] }).state;
    expect(state.pampa[2]!.slice(0, 2).map((f) => f.gaucho)).toEqual([
      { seat: 0, standing: true },
      { seat: 0, standing: true },
    ]);
    expect(state.players[0]!.gauchos).toBe(6);
  });

  it("overseer, example 2: replaces another player's lying gaucho on the 11 by an own standing one; they get 11", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    setRow(state, 3, [tile("white", 11), tile("gold", 1)]);
    putGaucho(state, 3, 0, 1, false);
    putGaucho(state, 3, 1, 1, true);
    putOnArea(state, 0, "overseer");
    expect(offered(state, { type: "overseerReplace", row: 3, field: 1 })).toBe(false); // standing gauchos stay
    state = play(state, { type: "overseerReplace", row: 3, field: 0 }).state;
    expect(state.pampa[3]![0]!.gaucho).toEqual({ seat: 0, standing: true });
    expect(state.players[1]!.pesos).toBe(11);
    expect(state.players[1]!.gauchos).toBe(7);
    expect(state.players[0]!.gauchos).toBe(7); // 8 − overseer + back − one onto the 11
  });

  it("steppe: a secret look, 2 tiles ≤ 4 onto free fields with a standing gaucho each, then refilled to 4", () => {
    let state = table(3, [1, 2, 3, 4, 5, 6, 6]);
    setRow(state, 0, [tile("white", 10), null, null]);
    state.steppe = [tile("gold", 2), tile("gold", 4), tile("black", 9), tile("brown", 5)];
    state.supply = state.supply.filter((t) => !state.steppe.some((s) => s.breed === t.breed && s.value === t.value));
    putOnArea(state, 0, "steppe");
    let r = play(state, { type: "steppe" });
    state = r.state;
    // Only seat 0 sees the tiles, and only now.
    expect(elGaucho.view(state, 0).steppe).toHaveLength(4);
    expect(elGaucho.view(state, 1).steppe).toBeNull();
    expect(elGaucho.view(state, null).steppe).toBeNull();
    const seen = eventsOf(r.events, "steppeSeen")[0]!;
    expect(seen.onlyFor).toEqual([0]);
    expect(elGaucho.viewEvent(seen, 1)).toBeNull();
    expect(elGaucho.viewEvent(seen, null)).toBeNull();
    const choices = prompt(state).options;
    expect(choices).toHaveLength(4 + 1); // any one tile, or the pair 2 + 4
    r = play(state, { type: "steppeChoose", tiles: [tile("gold", 2), tile("gold", 4)] });
    state = r.state;
    expect(elGaucho.view(state, 1).turn.steppeChosen).toBeNull();
    expect(elGaucho.view(state, 1).turn.steppeChosenCount).toBe(2);
    state = play(state, { type: "steppePlace", row: 0, field: 1 }, { type: "steppePlace", row: 1, field: 0 }).state;
    expect(state.pampa[0]![1]).toEqual({ tile: tile("gold", 2), gaucho: { seat: 0, standing: true } });
    expect(state.pampa[1]![0]).toEqual({ tile: tile("gold", 4), gaucho: { seat: 0, standing: true } });
    expect(state.steppe).toHaveLength(4);
    expect(elGaucho.view(state, 0).steppe).toBeNull(); // the look is over
    expect(state.players[0]!.gauchos).toBe(8 - 1 + 1 - 2);
    expect(state.phase).toEqual({ kind: "turn", step: "main" });
  });

  it("steppe: with only one free field only single tiles are offered; with none the steppe is not offered", () => {
    const state = table(2, [1, 2, 3, 4, 5]);
    state.pampa.forEach((row, r) => setRow(state, r, row.map((_, i) => tile("black", 1 + ((r * 4 + i) % 12)))));
    putOnArea(state, 0, "steppe");
    expect(offered(state, { type: "steppe" })).toBe(false);
    state.pampa[0]![0]!.tile = null;
    const looked = play(state, { type: "steppe" }).state;
    expect(prompt(looked).options.every((o) => o.type === "steppeChoose" && o.tiles.length === 1)).toBe(true);
  });

  it("the stable cannot be used during a turn (only while cattle come home)", () => {
    let state = table(2, [1, 2, 3, 4, 5]);
    putOnArea(state, 0, "stable");
    state = act(state, 0, { type: "pick", dice: [1, 2] }).state;
    const stableOptions = prompt(state).options.filter((o) => "area" in o && o.area === "stable");
    expect(stableOptions).toEqual([]);
    // With the supply empty its gaucho may come back (without an action).
    const short = structuredClone(state);
    short.players[0]!.gauchos = 0;
    expect(prompt(short).options.filter((o) => "area" in o && o.area === "stable")).toEqual([{ type: "recall", area: "stable" }]);
  });
});
