/** The move phase, El Paso and delivery, the draw phase. */
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { arriveAt, clearDisc, eventsOf, giveTile, offered, optionsOfType, placeBuilding, play, prompt, setHand, setWorkers, started, turnAt } from "./test-helpers.ts";

describe("setup", () => {
  it.each([2, 3, 4])("%i players: Simmental stack, money and tokens by seat, 4 workers, 7 discs, 4 cards", (seats) => {
    const state = elPaso.setup("setup", seats);
    expect(state.simmentals).toHaveLength({ 2: 9, 3: 14, 4: 19 }[seats]!);
    expect(state.players.map((p) => [p.money, p.tokens])).toEqual([[4, 1], [5, 1], [4, 2], [5, 2]].slice(0, seats));
    for (const p of state.players) {
      expect(p.workers.map((c) => c.slice(2, 5))).toEqual(["COW", "ENG", "BLD", "WLD"]);
      expect(p.discs).toHaveLength(7);
      expect(p.hand).toHaveLength(4);
      expect(p.draw).toHaveLength(6);
    }
    expect(state.objDisplay).toHaveLength(3);
    expect(state.bonDisplay).toHaveLength(3);
  });
  it("starting objectives: printed order by default, reverse as a table option; each pick is replaced", () => {
    let state = elPaso.setup("picks", 3);
    expect(prompt(state).seat).toBe(0);
    const next = state.objPile[0];
    state = play(state, prompt(state).options[0]!).state;
    expect(state.objDisplay).toContain(next);
    expect(prompt(state).seat).toBe(1);
    expect(prompt(elPaso.setup("picks", 3, { ...elPaso.defaultOptions, objectivePicks: "reverse" })).seat).toBe(2);
  });
  it("options: b-sides, ★ trains and random neutrals; bad options are refused", () => {
    const state = elPaso.setup("opts", 2, elPaso.parseOptions({ bSides: [2, 5], starTrains: [4], randomNeutrals: true }));
    expect(state.buildingSides).toMatchObject({ "1": "a", "2": "b", "5": "b" });
    expect(state.trainSides["4"]).toBe("S");
    const neutrals = Object.values(state.board).map((t) => (t.kind === "neutral" ? t.id : "")).sort();
    expect(neutrals).toEqual(["N_B", "N_C", "N_D", "N_E", "N_F", "N_G"]);
    expect(() => elPaso.parseOptions({ bSides: [7] })).toThrow();
    expect(() => elPaso.parseOptions({ colour: "red" })).toThrow();
  });
});

describe("move phase", () => {
  it("first turn: any neutral location except El Paso; the same one as another player is allowed", () => {
    let state = started(2);
    expect(optionsOfType(state, "move").map((o) => o.to)).toEqual(["T02", "T04", "T08", "T10", "T11", "T15"]);
    state = play(state, { type: "move", to: "T15" }, { type: "done" }).state;
    expect(optionsOfType(state, "move").map((o) => o.to)).toContain("T15");
  });
  it("steps count locations only; forks are derived from the destination", () => {
    const state = turnAt(started(2), 0, "T00");
    setWorkers(state, 0, {});
    // B 1, C 2, D 3 past the empty spaces of either branch.
    expect(optionsOfType(state, "move").map((o) => o.to)).toEqual(["T02", "T04", "T08"]);
    // A building on each branch after C: D is now 4 steps either way, out of reach.
    placeBuilding(state, "T05", 1, 1);
    placeBuilding(state, "T07", 1, 1);
    expect(optionsOfType(state, "move").map((o) => o.to)).toEqual(["T02", "T04", "T05", "T07"]);
    // With only the outer branch built, the inner one is the way past it: D is 3 again.
    state.buildingStacks["1"]!.push((state.board.T05 as { tile: string }).tile);
    delete state.board.T05;
    expect(optionsOfType(state, "move").map((o) => o.to)).toEqual(["T02", "T04", "T07", "T08"]);
  });
  it("El Paso stops every move", () => {
    const state = turnAt(started(2), 0, "T15");
    expect(optionsOfType(state, "move").map((o) => o.to)).toEqual(["T00"]);
  });
  it("the step limit becomes 4 with its disc cleared", () => {
    const state = started(2);
    clearDisc(state, 0, "D7");
    setWorkers(state, 0, {});
    const s = turnAt(state, 0, "T00", 4);
    expect(optionsOfType(s, "move").map((o) => o.to)).toContain("T10"); // B, C, D, E
    expect(optionsOfType(s, "move").map((o) => o.to)).not.toContain("T11");
    // A new turn sets the limit from the board.
    expect(play(turnAt(started(2), 1, "T00"), { type: "move", to: "T02" }, { type: "done" }).state.stack[0]).toMatchObject({ max: 3 });
  });
  it("each cowboy adds a step, discarded only when the extra step is used", () => {
    let state = turnAt(started(2), 0, "T00");
    setWorkers(state, 0, { COW: 2 });
    const targets = optionsOfType(state, "move").map((o) => o.to);
    expect(targets).toContain("T10"); // 4 steps
    expect(targets).toContain("T11"); // 5 steps
    expect(targets).not.toContain("T15"); // 6 steps
    expect(prompt(state).context).toEqual({ max: 3, first: false, cowboys: { T10: 1, T11: 2 } });
    state = play(state, { type: "move", to: "T10" }).state;
    expect(state.players[0]!.workers).toHaveLength(1);
    expect(state.players[0]!.discard.some((c) => c.startsWith("W-COW"))).toBe(true);
  });
});

describe("El Paso", () => {
  it("$5, a Simmental to the discard pile, delivery, the post's reward, then the hand discarded and redrawn", () => {
    let state = turnAt(started(2), 0, "T15");
    setHand(state, 0, ["CRI", "PIN", "GAL", "SGE"]); // 1 + 2 + 2 + 2 = 7
    const money = state.players[0]!.money;
    state = play(state, { type: "move", to: "T00" }).state;
    expect(state.players[0]!.money).toBe(money + 5);
    expect(state.simmentals).toHaveLength(8);
    expect(state.players[0]!.discard.some((c) => c.startsWith("C-SIM"))).toBe(true);
    expect(new Set(optionsOfType(state, "deliver").map((o) => o.post))).toEqual(new Set(["P00", "P05", "P07"]));
    const delivered = play(state, { type: "deliver", post: "P05", disc: "D1", spend: 0 });
    expect(eventsOf(delivered.events, "revealedHand")[0]).toMatchObject({ seat: 0, breedingValue: 7 });
    state = delivered.state;
    expect(prompt(state).context).toEqual({ source: "P05" });
    state = play(state, { type: "act", i: 0 }).state;
    expect(state.players[0]!.money).toBe(money + 7);
    expect(state.active).toBe(1);
    expect(state.players[0]!.hand).toHaveLength(4);
    expect(state.players[0]!.discard).toEqual(expect.arrayContaining(["C-SIM-01"]));
  });
  it("one disc per post except 0, 12 and 16; dark discs only on 10+", () => {
    let state = turnAt(started(2), 0, "T15");
    state.players[0]!.discs = state.players[0]!.discs.filter((d) => d !== "D1");
    state.posts.P05.push({ seat: 0, disc: "D1" });
    state.players[0]!.discs = state.players[0]!.discs.filter((d) => d !== "D2");
    state.posts.P00.push({ seat: 0, disc: "D2" });
    setHand(state, 0, ["PIN", "GAL", "SGE", "CRI"]);
    state = play(state, { type: "move", to: "T00" }).state;
    const posts = optionsOfType(state, "deliver");
    expect(new Set(posts.map((o) => o.post))).toEqual(new Set(["P00", "P07"]));
    expect(posts.every((o) => ["D3", "D4"].includes(o.disc))).toBe(true);
  });
  it("a negative disc needs the money; a positive one pays", () => {
    let state = turnAt(started(2), 0, "T15");
    setHand(state, 0, ["HER", "SHO", "COR", "PIN"]); // 5 + 4 + 3 + 2 = 14
    state.players[0]!.money = 0; // $5 from El Paso: D6 (−$4) affordable, D4 (−$3) too
    state = play(state, { type: "move", to: "T00" }).state;
    expect(offered(state, { type: "deliver", post: "P12", disc: "D6", spend: 0 })).toBe(true);
    state = structuredClone(state); // engine states are frozen
    state.players[0]!.money = 3;
    expect(offered(state, { type: "deliver", post: "P12", disc: "D6", spend: 0 })).toBe(false);
    state = play(state, { type: "deliver", post: "P12", disc: "D7", spend: 0 }).state;
    expect(state.players[0]!.money).toBe(5);
  });
  it("no legal disc: none is placed, the rest of El Paso still happens", () => {
    let state = turnAt(started(2), 0, "T15");
    state.players[0]!.discs = ["D5", "D6", "D7"]; // only dark discs
    setHand(state, 0, ["CRI", "CRI", "CRI", "CRI"]);
    state = play(state, { type: "move", to: "T00" }).state;
    expect(optionsOfType(state, "noDelivery")).toHaveLength(1);
    expect(optionsOfType(state, "deliver")).toHaveLength(0);
    state = play(state, { type: "noDelivery" }).state;
    expect(state.active).toBe(1);
    expect(state.players[0]!.discs).toEqual(["D5", "D6", "D7"]);
  });
  it("builders may buy certificates during delivery", () => {
    let state = turnAt(started(2), 0, "T15");
    setHand(state, 0, ["CRI", "PIN", "GAL", "SGE"]); // 7
    setWorkers(state, 0, { BLD: 2 });
    state = play(state, { type: "move", to: "T00" }).state;
    expect(optionsOfType(state, "deliver").some((o) => o.post === "P09")).toBe(false);
    state = play(state, { type: "bonus", worker: "BLD" }, { type: "bonus", worker: "BLD" }).state;
    expect(offered(state, { type: "deliver", post: "P09", disc: "D1", spend: 2 })).toBe(true);
  });
  it("permanent certificates: the cleared middle disc and ∞ bonus tiles", () => {
    const state = turnAt(started(2), 0, "T15");
    setHand(state, 0, ["CRI", "CRI", "CRI", "CRI"]);
    clearDisc(state, 0, "D5");
    giveTile(state, 0, "BO02");
    const s = play(state, { type: "move", to: "T00" }).state;
    expect(prompt(s).context).toMatchObject({ breedingValue: 3, permanentCertificates: 2 });
  });
  it("a hand size of 5 once its disc is cleared", () => {
    const state = turnAt(started(2), 0, "T08");
    clearDisc(state, 0, "D6");
    const s = play(state, { type: "move", to: "T10" }, { type: "done" }).state;
    expect(s.players[0]!.hand).toHaveLength(5);
  });
  it("arriving by a move action resolves El Paso completely", () => {
    let state = turnAt(started(2), 0, "T13");
    placeBuilding(state, "T14", 5, 0); // 5a: a Black Angus and a move of 2
    state = arriveAt(state, "T14").state;
    state = play(state, { type: "act", i: 1 }, { type: "move", to: "T00" }).state;
    expect(prompt(state).kind).toBe("deliver");
  });
});

describe("exchange tokens in El Paso (RULINGS.exchangeAnyTime)", () => {
  it("may be used before the delivery: the delivery and the revealed hand are those after the exchange", () => {
    let state = turnAt(started(2), 0, "T15");
    state.players[0]!.tokens = 1;
    setHand(state, 0, ["CRI", "CRI", "PIN", "GAL"]); // 1 + 2 + 2 = 5
    const p = state.players[0]!;
    const sho = state.market.SHO.shift()!;
    p.draw.unshift(sho);
    state = play(state, { type: "move", to: "T00" }).state;
    expect(optionsOfType(state, "exchange")).toEqual([{ type: "exchange" }]);
    expect(optionsOfType(state, "deliver").some((o) => o.post === "P07")).toBe(false);
    state = play(state, { type: "exchange" }).state;
    expect(state.players[0]!.hand).toContain(sho);
    expect(prompt(state).kind).toBe("exchangeDiscard");
    state = play(state, { type: "discard", breed: "CRI" }).state; // CRI + PIN + GAL + SHO = 9
    expect(prompt(state).kind).toBe("deliver");
    expect(prompt(state).context).toMatchObject({ breedingValue: 9 });
    expect(optionsOfType(state, "exchange")).toEqual([]); // no token left
    const { state: after, events } = play(state, { type: "deliver", post: "P09", disc: "D1", spend: 0 });
    expect(eventsOf(events, "revealedHand")).toEqual([{ type: "revealedHand", seat: 0, cards: expect.arrayContaining([sho]), breedingValue: 9 }]);
    expect(after.posts.P09).toEqual([{ seat: 0, disc: "D1" }]);
  });
  it("may be used during the post's reward; the hand is discarded afterwards as always", () => {
    let state = turnAt(started(2), 0, "T15");
    state.players[0]!.tokens = 2;
    setHand(state, 0, ["CRI", "PIN", "GAL", "SGE"]);
    state = play(state, { type: "move", to: "T00" }, { type: "deliver", post: "P05", disc: "D1", spend: 0 }).state;
    expect(prompt(state).context).toEqual({ source: "P05" });
    expect(optionsOfType(state, "exchange")).toEqual([{ type: "exchange" }]);
    state = play(state, { type: "exchange" }).state;
    state = play(state, optionsOfType(state, "discard")[0]!, { type: "act", i: 0 }).state;
    expect(state.active).toBe(1);
    expect(state.players[0]!.tokens).toBe(1);
    expect(state.players[0]!.hand).toHaveLength(4);
  });
});
