import { describe, expect, it } from "vitest";
import type { GauchoState } from "./state.ts";
import { errorCode, eventsOf, passTurn, play, prompt, putGaucho, putOnArea, setHerd, setRow, table, tile, tiles } from "./test-helpers.ts";

/** Ends every turn of the round (seat 0 starts), so the cattle come home. */
function endRound(state: GauchoState) {
  let current = state;
  const events = [];
  for (let k = 0; k < current.seats; k++) {
    const r = passTurn(current);
    current = r.state;
    events.push(...r.events);
  }
  return { state: current, events };
}

describe("cattle come home at the end of a round (EINTREIBEN)", () => {
  it("a pasture with a free tile does not come home", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setRow(state, 1, [tile("white", 5), tile("gold", 7), tile("black", 8)]);
    putGaucho(state, 1, 0, 0, true);
    putGaucho(state, 1, 1, 1, true);
    const after = endRound(state).state;
    expect(after.pampa[1]![0]!.tile).toEqual(tile("white", 5));
    expect(after.players[0]!.herds.white).toEqual([]);
  });

  it("a fully occupied pasture: standing gauchos take their tiles, lying ones stay", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setRow(state, 1, [tile("white", 5), tile("gold", 7), tile("black", 8)]);
    putGaucho(state, 1, 0, 0, true);
    putGaucho(state, 1, 1, 1, false);
    putGaucho(state, 1, 2, 1, true);
    const { state: after, events } = endRound(state);
    expect(after.players[0]!.herds.white).toEqual(tiles("white", 5));
    expect(after.players[1]!.herds.black).toEqual(tiles("black", 8));
    expect(after.pampa[1]![1]).toEqual({ tile: tile("gold", 7), gaucho: { seat: 1, standing: false } });
    expect(after.players[0]!.gauchos).toBe(8);
    expect(after.players[1]!.gauchos).toBe(7);
    expect(eventsOf(events, "cameHome")).toHaveLength(2);
  });

  it("a fully occupied pasture with only lying gauchos: nothing happens", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setRow(state, 0, [tile("white", 11), tile("gold", 12)]);
    putGaucho(state, 0, 0, 0, false);
    putGaucho(state, 0, 1, 1, false);
    const after = endRound(state).state;
    expect(after.pampa[0]!.map((f) => f.gaucho?.standing)).toEqual([false, false]);
  });

  it("a pasture that stopped at 20 with free fields comes home once its tiles are occupied", () => {
    const state = table(3, [1, 1, 1, 1, 1, 1, 1]);
    setRow(state, 2, [tile("white", 12), tile("gold", 9), null, null]);
    putGaucho(state, 2, 0, 0, true);
    putGaucho(state, 2, 1, 2, true);
    const after = endRound(state).state;
    expect(after.players[0]!.herds.white).toEqual(tiles("white", 12));
    expect(after.players[2]!.herds.gold).toEqual(tiles("gold", 9));
  });

  it("sale example A: a tile that does not fit 3-5-6-9 sells it for 4 × 9 = 36 and starts a new herd", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 0, tiles("white", 3, 5, 6, 9));
    setRow(state, 0, [tile("white", 2), tile("gold", 12)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, false);
    const { state: after, events } = endRound(state);
    expect(eventsOf(events, "sold")[0]).toMatchObject({ seat: 0, breed: "white", values: [3, 5, 6, 9], price: 36, reason: "closed" });
    expect(after.players[0]!.pesos).toBe(36);
    expect(after.players[0]!.herds.white).toEqual(tiles("white", 2));
    expect(after.sold).toEqual(tiles("white", 3, 5, 6, 9));
  });

  it("sale example B: a tile that does not fit 11-10-8-2-1 sells it for 5 × 11 = 55", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 1, tiles("black", 11, 10, 8, 2, 1));
    setRow(state, 0, [tile("black", 7), tile("gold", 12)]);
    putGaucho(state, 0, 0, 1, true);
    putGaucho(state, 0, 1, 0, false);
    const after = endRound(state).state;
    expect(after.players[1]!.pesos).toBe(55);
    expect(after.players[1]!.herds.black).toEqual(tiles("black", 7));
  });

  it("a tile that fits is laid to the right and the herd stays open", () => {
    const state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 0, tiles("white", 3, 5));
    setRow(state, 0, [tile("white", 8), tile("gold", 12)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, false);
    const after = endRound(state).state;
    expect(after.players[0]!.herds.white).toEqual(tiles("white", 3, 5, 8));
    expect(after.players[0]!.pesos).toBe(0);
  });

  it("tiles arriving at the same time (also from different pastures) are laid in the order the player chooses", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 0, tiles("white", 6));
    setRow(state, 0, [tile("white", 4), tile("white", 9)]);
    setRow(state, 1, [tile("gold", 2)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 0, true);
    putGaucho(state, 1, 0, 0, true);
    state = endRound(state).state;
    // The single gold tile was laid by itself; the two white ones wait for a decision.
    expect(state.players[0]!.herds.gold).toEqual(tiles("gold", 2));
    expect(prompt(state)).toMatchObject({ seat: 0, kind: "home" });
    expect(prompt(state).options).toEqual([
      { type: "homeLay", breed: "white", value: 4 },
      { type: "homeLay", breed: "white", value: 9 },
    ]);
    state = play(state, { type: "homeLay", breed: "white", value: 9 }).state;
    // 6-9 is ascending, so the 4 closes it: sold for 2 × 9, and the 4 starts a new herd.
    expect(state.players[0]!.herds.white).toEqual(tiles("white", 4));
    expect(state.players[0]!.pesos).toBe(18);
  });

  it("arrivals of several breeds are asked one breed at a time (their order between breeds changes nothing)", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    setRow(state, 0, [tile("white", 4), tile("white", 9)]);
    setRow(state, 1, [tile("gold", 2), tile("gold", 8)]);
    for (const [row, field] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) putGaucho(state, row, field, 0, true);
    state = endRound(state).state;
    // Gold comes before white in the breed order; white is not asked yet.
    expect(prompt(state).options).toEqual([
      { type: "homeLay", breed: "gold", value: 2 },
      { type: "homeLay", breed: "gold", value: 8 },
    ]);
    // White before gold is refused (not offered), and the state stays as it was.
    const before = JSON.stringify(state);
    expect(errorCode(state, 0, { type: "homeLay", breed: "white", value: 4 })).toBe("ILLEGAL_ACTION");
    expect(JSON.stringify(state)).toBe(before);
    state = play(state, { type: "homeLay", breed: "gold", value: 8 }).state;
    // The other gold tile had only one place left and was laid by itself; now white is asked.
    expect(state.players[0]!.herds.gold).toEqual(tiles("gold", 8, 2));
    expect(prompt(state).options).toEqual([
      { type: "homeLay", breed: "white", value: 4 },
      { type: "homeLay", breed: "white", value: 9 },
    ]);
    state = play(state, { type: "homeLay", breed: "white", value: 4 }).state;
    expect(state.players[0]!.herds.white).toEqual(tiles("white", 4, 9));
    expect(state.phase.kind).toBe("turn");
  });

  it("the stable puts one arriving tile inside a herd or at its front (where it fits), and its gaucho comes back", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 0, tiles("white", 3, 5, 9));
    putOnArea(state, 0, "stable");
    setRow(state, 0, [tile("white", 7), tile("gold", 12)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, false);
    state = endRound(state).state;
    expect(prompt(state).options).toEqual([
      { type: "homeLay", breed: "white", value: 7 },
      { type: "sortIn", breed: "white", value: 7, position: 2 },
    ]);
    state = play(state, { type: "sortIn", breed: "white", value: 7, position: 2 }).state;
    expect(state.players[0]!.herds.white).toEqual(tiles("white", 3, 5, 7, 9));
    expect(state.players[0]!.areas.stable).toBe(false);
    expect(state.players[0]!.gauchos).toBe(8);
    expect(state.phase).toEqual({ kind: "turn", step: "main" });
  });

  it("the stable can put a tile at the front of a herd", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    setHerd(state, 0, tiles("white", 3, 5, 9));
    putOnArea(state, 0, "stable");
    setRow(state, 0, [tile("white", 1), tile("gold", 12)]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, false);
    state = endRound(state).state;
    state = play(state, { type: "sortIn", breed: "white", value: 1, position: 0 }).state;
    expect(state.players[0]!.herds.white).toEqual(tiles("white", 1, 3, 5, 9));
  });

  it("after the drive-home the pastures are refilled, smallest first, up to 20 (tiles under lying gauchos count)", () => {
    let state = table(2, [1, 1, 1, 1, 1]);
    setRow(state, 0, [tile("white", 5), tile("gold", 6)]);
    setRow(state, 1, [tile("black", 12), tile("brown", 1), null]);
    putGaucho(state, 0, 0, 0, true);
    putGaucho(state, 0, 1, 1, true);
    putGaucho(state, 1, 0, 1, false);
    putGaucho(state, 1, 1, 0, false);
    for (const row of [2, 3]) setRow(state, row, state.pampa[row]!.map((_, i) => tile("brown", 12 - i - row)));
    // The supply's next tiles are 10, 9, 2 (drawn from the end); the rest is put aside.
    state.supply = state.supply.filter((t) => !(t.breed === "spotted" && [2, 9, 10].includes(t.value)));
    state.discarded.push(...state.supply);
    state.supply = [tile("spotted", 2), tile("spotted", 9), tile("spotted", 10)];
    state = endRound(state).state;
    // Row 0 (2 fields) gets 10 and 9 from the top of the supply; row 1 (12 + 1 = 13 < 20) gets the 2.
    expect(state.pampa[0]!.map((f) => f.tile?.value)).toEqual([10, 9]);
    expect(state.pampa[1]!.map((f) => f.tile?.value)).toEqual([12, 1, 2]);
  });
});
