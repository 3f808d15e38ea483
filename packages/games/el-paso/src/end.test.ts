/** The end of the game and the final scoring. */
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { scoreBreakdown } from "./scoring.ts";
import { clearDisc, eventsOf, giveCattle, giveTile, placeBuilding, play, prompt, setWorkers, started, turnAt } from "./test-helpers.ts";
import type { ElPasoState } from "./state.ts";

/** Seat `seat` moves from T15 to El Paso and delivers to post 0 (taking no reward). */
function visitElPaso(state: ElPasoState, seat: number): ElPasoState {
  let s = turnAt(state, seat, "T15");
  s = play(s, { type: "move", to: "T00" }).state;
  const disc = s.players[seat]!.discs.find((d) => !["D5", "D6", "D7"].includes(d));
  return play(s, disc ? { type: "deliver", post: "P00", disc, spend: 0 } : { type: "noDelivery" }).state;
}

describe("the end of the game", () => {
  it("taking the last Simmental triggers the end; the next player in El Paso takes the Simmental space; every other player gets one final turn", () => {
    let state = started(3);
    state.box.push(...state.simmentals.splice(1)); // one Simmental left
    state = visitElPaso(state, 0);
    expect(state.end).toEqual({ triggered: true, simmSeat: null });
    expect(state.simmentals).toHaveLength(0);
    // Seat 1 reaches El Paso: Simmental space instead of a card; its game ends.
    const money = state.players[1]!.money;
    state = turnAt(state, 1, "T15");
    const played = play(state, { type: "move", to: "T00" });
    state = played.state;
    expect(eventsOf(played.events, "simmentalSpace")).toHaveLength(1);
    expect(state.players[1]!.herder).toBe("SIMM");
    expect(state.players[1]!.money).toBe(money + 5);
    state = play(state, { type: "deliver", post: "P00", disc: "D1", spend: 0 }).state;
    expect(state.end.simmSeat).toBe(1);
    expect(state.active).toBe(2);
    // Seat 2's final turn: El Paso without a Simmental and without the space.
    state = play(state, prompt(state).options.find((o) => o.type === "move")!).state;
    while (state.active === 2 && !elPaso.isOver(state)) state = play(state, { type: "done" }).state;
    expect(state.active).toBe(0);
    // Seat 0's final turn, at El Paso: $5 and a delivery, no Simmental, no space.
    state = visitElPaso(state, 0);
    expect(elPaso.isOver(state)).toBe(true);
    expect(state.players[0]!.herder).toBe("T00");
    expect(elPaso.prompts(state)).toEqual([]);
    const scores = elPaso.scores(state)!;
    expect(scores.lines).toHaveLength(3);
  });
  it("in a 2-player game the other player gets exactly one more turn", () => {
    let state = started(2);
    state.box.push(...state.simmentals.splice(1));
    state = visitElPaso(state, 1); // seat 1 takes the last card
    state = visitElPaso(state, 0); // seat 0 takes the Simmental space
    expect(state.end.simmSeat).toBe(0);
    expect(state.active).toBe(1);
    state = visitElPaso(state, 1); // seat 1's final turn
    expect(elPaso.isOver(state)).toBe(true);
    const p1 = state.players[1]!;
    expect([...p1.hand, ...p1.draw, ...p1.discard].filter((c) => c.startsWith("C-SIM"))).toHaveLength(1); // only the last card
  });
  it("apply refuses actions once the game is over", () => {
    let state = started(2);
    state.box.push(...state.simmentals.splice(1));
    state = visitElPaso(visitElPaso(visitElPaso(state, 1), 0), 1);
    const result = elPaso.apply(state, 0, { type: "done" });
    expect(result.ok).toBe(false);
  });
});

describe("final scoring: the 7 categories", () => {
  const table = () => {
    const state = started(2);
    state.players[0]!.money = 23; // 4 VP, $3 left
    placeBuilding(state, "T03", 2, 0); // 4 VP
    placeBuilding(state, "T01", 6, 0); // 10 VP
    placeBuilding(state, "T05", 4, 1);
    clearDisc(state, 0, "D1"); // post 0: no VP
    state.players[0]!.discs = state.players[0]!.discs.filter((d) => d !== "D5" && d !== "D6" && d !== "D7");
    state.posts.P10.push({ seat: 0, disc: "D5" }); // 4
    state.posts.P12.push({ seat: 0, disc: "D6" }); // 5
    state.posts.P16.push({ seat: 0, disc: "D7" }); // 7
    setWorkers(state, 0, { COW: 1, WLD: 2 }); // 2 + 3 + 3
    giveCattle(state, 0, "ANG"); // 1
    giveCattle(state, 0, "HER"); // 4
    giveCattle(state, 0, "SIM", 2); // 2 + 2
    giveTile(state, 0, "BO19"); // 4
    giveTile(state, 0, "BO03"); // 2
    state.players[0]!.objectives = [];
    giveTile(state, 0, "OB18"); // BUILDERS:8 + DISC>=10: 6
    giveTile(state, 0, "OB17"); // DISC:16: 5
    giveTile(state, 0, "OB15"); // HER + SHO: not met
    return state;
  };
  it("each category on its own", () => {
    const state = table();
    expect(scoreBreakdown(state, 0)).toEqual({ money: 4, buildings: 14, posts: 16, workers: 8, cattle: 9, bonuses: 6, objectives: 11 });
  });
  it("the Simmental space adds 2 to cattle", () => {
    const state = table();
    state.players[0]!.herder = "SIMM";
    expect(scoreBreakdown(state, 0).cattle).toBe(11);
  });
  it("objectives: each item once; wilds fill worker requirements", () => {
    const state = table();
    giveTile(state, 0, "OB12"); // two discs on 10+ (4 VP)
    // Discs on 10, 12 and 16 cannot serve OB18 (one 10+), OB17 (the 16) and OB12 (two 10+) at once:
    // the best choice keeps OB18 + OB17 (11) over OB18 + OB12 (10) and OB17 + OB12 (9).
    expect(scoreBreakdown(state, 0).objectives).toBe(11);
    giveTile(state, 0, "OB16"); // HER + 2 cowboys: 1 cowboy + 1 wild
    expect(scoreBreakdown(state, 0).objectives).toBe(16);
  });
  it("tie-break: the money left after converting $5 into 1 VP", () => {
    const state = started(2);
    state.phase = { kind: "over" };
    state.players[0]!.money = 9; // 1 VP, $4 left
    state.players[1]!.money = 5; // 1 VP, $0 left
    const scores = elPaso.scores(state)!;
    expect(scores.lines[0]!.total).toBe(scores.lines[1]!.total);
    expect(scores.winners).toEqual([0]);
    state.players[1]!.money = 9;
    expect(elPaso.scores(state)!.winners).toEqual([0, 1]);
  });
});
