/** Every worked example of the rulebook, replayed through the public API. */
import { describe, expect, it } from "vitest";
import { BUILDING_SPACES, DISC_DATA, SPACE_COST } from "./data.ts";
import { elPaso } from "./index.ts";
import { bestObjectives } from "./scoring.ts";
import { giveCattle, offered, optionsOfType, play, prompt, setHand, setWorkers, started, turnAt } from "./test-helpers.ts";

describe("worked examples of the rulebook", () => {
  it("Mary hires at B with $15: wild for $9, wild bonus +$2, then a second worker for $8", () => {
    let state = turnAt(started(2), 0, "T01");
    state.players[0]!.money = 15;
    setHand(state, 0, ["CRI", "CRI", "PIN", "SGE"]); // no white (Galloway) card
    setWorkers(state, 0, {});
    state = play(state, { type: "move", to: "T02" }).state; // neutral B
    expect(prompt(state).context).toEqual({ source: "N_B" });
    expect(offered(state, { type: "actBreed", i: 1, breed: "GAL" })).toBe(false);
    state = play(state, { type: "hire", i: 0, worker: "WLD" }).state;
    expect(state.players[0]!.money).toBe(6);
    // $2 short of a second worker: no second hire is offered.
    expect(prompt(state).kind).toBe("hireSecond");
    expect(optionsOfType(state, "hireSecond")).toEqual([]);
    state = play(state, { type: "bonus", worker: "WLD" }).state;
    expect(state.players[0]!.money).toBe(8);
    // Even with more money a second wild is not offered.
    expect(optionsOfType(state, "hireSecond").map((o) => o.worker)).toEqual(["COW", "ENG", "BLD"]);
    state = play(state, { type: "hireSecond", worker: "COW" }).state;
    expect(state.players[0]!.money).toBe(0);
    expect(state.players[0]!.workers.map((c) => c.slice(2, 5))).toEqual(["COW"]);
    expect(state.players[0]!.discard.some((c) => c.startsWith("W-WLD"))).toBe(true);
  });

  it("placing a 2-builder building costs 2 builders and $4 (plus the space)", () => {
    let state = turnAt(started(2), 0, "T08");
    setWorkers(state, 0, { BLD: 2 });
    state.players[0]!.money = 4;
    state = play(state, { type: "move", to: "T10" }).state; // neutral E
    const options = optionsOfType(state, "build").filter((o) => o.building === 2);
    // $4 reaches the free spaces only.
    expect(new Set(options.map((o) => o.node))).toEqual(new Set(BUILDING_SPACES.filter((node) => SPACE_COST[node] === 0)));
    state = play(state, { type: "build", i: 0, building: 2, node: "T01", wild: 0 }).state;
    expect(state.players[0]!.money).toBe(0);
    expect(state.players[0]!.workers).toEqual([]);
    expect(state.board.T01).toMatchObject({ kind: "building", type: 2, owner: 0 });
  });

  it("upgrading a 1-builder building to a 5-builder one costs 4 builders and $8", () => {
    let state = turnAt(started(2), 0, "T08");
    state.board.T01 = { kind: "building", tile: state.buildingStacks["1"]!.shift()!, type: 1, owner: 0 };
    setWorkers(state, 0, { BLD: 4 });
    state.players[0]!.money = 8;
    state = play(state, { type: "move", to: "T10" }).state;
    expect(offered(state, { type: "build", i: 0, building: 5, node: "T01", wild: 0 })).toBe(true);
    state = play(state, { type: "build", i: 0, building: 5, node: "T01", wild: 0 }).state;
    expect(state.players[0]!.money).toBe(0); // no space cost on an upgrade
    expect(state.board.T01).toMatchObject({ type: 5, owner: 0 });
    expect(state.buildingStacks["1"]).toHaveLength(2); // the old tile is back in its stack
  });

  it("3 cowboys and $6 buy a Shorthorn", () => {
    let state = turnAt(started(2), 0, "T02");
    setWorkers(state, 0, { COW: 3 });
    state.players[0]!.money = 6;
    state = play(state, { type: "move", to: "T08" }).state; // neutral D, 2 steps (C, then D past empty spaces; no cowboys)
    expect(state.players[0]!.workers).toHaveLength(3);
    state = play(state, { type: "buy", i: 0, breed: "SHO", wild: 0 }).state;
    expect(state.players[0]!.money).toBe(0);
    expect(state.players[0]!.workers).toHaveLength(0);
    expect(state.players[0]!.discard.filter((c) => c.startsWith("C-SHO"))).toHaveLength(1);
    expect(state.market.SHO).toHaveLength(7);
  });

  it("train card 4: 3 engineers + 1 wild and $8, then 3 certificates, a tile and a 2-step move", () => {
    let state = turnAt(started(2), 0, "T10");
    setWorkers(state, 0, { ENG: 3, WLD: 1 });
    state.players[0]!.money = 8;
    state = play(state, { type: "move", to: "T11" }).state; // neutral F
    expect(offered(state, { type: "train", i: 0, card: 4, wild: 1 })).toBe(true);
    state = play(state, { type: "train", i: 0, card: 4, wild: 1 }).state;
    expect(state.players[0]!.money).toBe(0);
    expect(state.players[0]!.workers).toEqual([]);
    expect(prompt(state).context).toEqual({ source: "TR4F" });
    state = play(state, { type: "act", i: 0 }).state;
    expect(state.players[0]!.certs).toBe(3);
    const pick = state.objDisplay[0]!;
    state = play(state, { type: "tile", i: 1, pick }).state;
    expect(state.players[0]!.objectives).toContain(pick);
    state = play(state, { type: "act", i: 2 }).state;
    expect(prompt(state).kind).toBe("move");
    expect(prompt(state).context).toMatchObject({ max: 2, first: false });
  });

  describe("Mary's delivery: Santa Gertrudis, Corriente, Black Angus", () => {
    const base = () => {
      const state = turnAt(started(2), 0, "T15");
      setHand(state, 0, ["SGE", "COR", "ANG", "SGE"]);
      return state;
    };
    it("counts each breed once: 8", () => {
      const state = play(base(), { type: "move", to: "T00" }).state;
      expect(prompt(state).kind).toBe("deliver");
      expect(prompt(state).context!.breedingValue).toBe(8);
    });
    it("a duplicate bonus tile adds the second Santa Gertrudis: 10", () => {
      const state = base();
      state.bonPile = state.bonPile.filter((t) => t !== "BO04");
      state.bonDisplay = state.bonDisplay.map((t) => (t === "BO04" ? null : t));
      state.players[0]!.bonuses.push("BO04");
      expect(prompt(play(state, { type: "move", to: "T00" }).state).context!.breedingValue).toBe(10);
    });
    it("a permanent certificate makes 9; spending 3 certificates reaches 12", () => {
      let state = base();
      state.bonPile = state.bonPile.filter((t) => t !== "BO01");
      state.bonDisplay = state.bonDisplay.map((t) => (t === "BO01" ? null : t));
      state.players[0]!.bonuses.push("BO01");
      state.players[0]!.certs = 3;
      state = play(state, { type: "move", to: "T00" }).state;
      expect(prompt(state).context).toMatchObject({ breedingValue: 9, certificates: 3 });
      expect(offered(state, { type: "deliver", post: "P12", disc: "D5", spend: 3 })).toBe(true);
      expect(optionsOfType(state, "deliver").some((o) => o.post === "P16")).toBe(false);
      state = play(state, { type: "deliver", post: "P12", disc: "D5", spend: 3 }).state;
      expect(state.players[0]!.certs).toBe(0);
      expect(state.posts.P12).toEqual([{ seat: 0, disc: "D5" }]);
    });
  });

  it("with 12 and discs already on 7 and 9 the posts are 0, 5, 10 and 12", () => {
    let state = turnAt(started(2), 0, "T15");
    const p = state.players[0]!;
    p.discs = p.discs.filter((d) => d !== "D1" && d !== "D2");
    state.posts.P07.push({ seat: 0, disc: "D1" });
    state.posts.P09.push({ seat: 0, disc: "D2" });
    state.posts.P07.push({ seat: 1, disc: "D1" }); // another player's disc does not matter
    setHand(state, 0, ["SGE", "COR", "ANG", "HER"]); // 2 + 3 + 3 + 5 = 13
    p.money = 10;
    state = play(state, { type: "move", to: "T00" }).state;
    const posts = new Set(optionsOfType(state, "deliver").map((o) => o.post));
    expect(posts).toEqual(new Set(["P00", "P05", "P10", "P12"]));
    // Dark discs only on posts of 10 or more.
    for (const o of optionsOfType(state, "deliver")) if (DISC_DATA[o.disc].dark) expect(["P10", "P12"]).toContain(o.post);
  });

  it("two objectives needing a Corriente each: one Corriente meets only one of them", () => {
    const state = started(2);
    const p = state.players[0]!;
    p.objectives = ["OB01", "OB08"]; // ANG + COR (3), SHO + COR (4)
    state.objDisplay = state.objDisplay.map((t) => (t === "OB01" || t === "OB08" ? null : t));
    state.objPile = state.objPile.filter((t) => t !== "OB01" && t !== "OB08");
    state.players[1]!.objectives = state.players[1]!.objectives.filter((t) => t !== "OB01" && t !== "OB08");
    giveCattle(state, 0, "ANG");
    giveCattle(state, 0, "SHO");
    giveCattle(state, 0, "COR");
    expect(bestObjectives(state, 0)).toEqual({ met: ["OB08"], vp: 4 });
    giveCattle(state, 0, "COR");
    expect(bestObjectives(state, 0)).toEqual({ met: ["OB01", "OB08"], vp: 7 });
    const view = elPaso.view(state, 1);
    expect(view.players[0]!.objectiveStatus).toEqual([
      { tile: "OB01", met: true },
      { tile: "OB08", met: true },
    ]);
  });

  it("draw phase: two cards spent, two left in the draw pile: no reshuffle until the next card is needed", () => {
    let state = turnAt(started(2), 0, "T08");
    const p = state.players[0]!;
    setHand(state, 0, ["GAL", "CRI", "SGE", "CRI"]);
    p.discard.push(p.hand.pop()!); // a card spent earlier in the turn
    p.discard.push(...p.draw.splice(2)); // two cards left to draw
    const [first, second] = p.draw;
    p.tokens = 1;
    state = play(state, { type: "move", to: "T10" }).state; // neutral E
    state = play(state, { type: "actBreed", i: 1, breed: "SGE" }).state; // the second card spent
    state = play(state, { type: "done" }).state;
    // The turn passed; Mary drew exactly the two cards of her draw pile.
    const mary = state.players[0]!;
    expect(state.active).toBe(1);
    expect(mary.hand).toHaveLength(4);
    expect(mary.hand).toEqual(expect.arrayContaining([first, second]));
    expect(mary.draw).toEqual([]);
    const discarded = mary.discard.length;
    expect(discarded).toBeGreaterThan(0);
    // Her next draw (an exchange on her next turn) reshuffles the discard pile first.
    state = turnAt(state, 0, "T08");
    state = play(state, { type: "exchange" }).state;
    expect(state.players[0]!.draw.length + 1).toBe(discarded);
  });
});
