/** One test per action type and variant of the vocabulary (data file §0.2), plus auxiliary actions and worker bonuses. */
import { describe, expect, it } from "vitest";
import { BUILDING_ACTIONS, type NodeId, SPACE_COST } from "./data.ts";
import type { ElPasoState } from "./state.ts";
import {
  arriveAt,
  clearDisc,
  errorCode,
  eventsOf,
  giveTile,
  offered,
  optionsOfType,
  placeBuilding,
  play,
  prompt,
  setHand,
  setWorkers,
  started,
  turnAt,
} from "./test-helpers.ts";

/** Seat 0 has just arrived at `node`; `prepare` runs on the table first. */
function at(node: NodeId, prepare?: (state: ElPasoState) => void): ElPasoState {
  const state = turnAt(started(2), 0, "T01");
  prepare?.(state);
  return arriveAt(state, node).state;
}
const me = (state: ElPasoState) => state.players[0]!;

describe("1 discard cattle for money", () => {
  it("a named breed for $2 (B: Galloway), once only", () => {
    let state = at("T02", (s) => setHand(s, 0, ["GAL", "GAL", "CRI", "CRI"]));
    const money = me(state).money;
    expect(optionsOfType(state, "actBreed")).toEqual([{ type: "actBreed", i: 1, breed: "GAL" }]);
    state = play(state, { type: "actBreed", i: 1, breed: "GAL" }).state;
    expect(me(state).money).toBe(money + 2);
    expect(me(state).hand.filter((c) => c.startsWith("C-GAL"))).toHaveLength(1);
    expect(optionsOfType(state, "actBreed")).toEqual([]);
  });
  it("any breeding-value-2 card for money (2a)", () => {
    let state = at("T03", (s) => {
      placeBuilding(s, "T03", 2, 0);
      setHand(s, 0, ["CRI", "PIN", "SGE", "CRI"]);
    });
    expect(optionsOfType(state, "actBreed").map((o) => o.breed).sort()).toEqual(["PIN", "SGE"]);
    const money = me(state).money;
    state = play(state, { type: "actBreed", i: 0, breed: "PIN" }).state;
    expect(me(state).money).toBe(money + (BUILDING_ACTIONS["2a"][0] as { gain: number }).gain);
  });
  it("any card for $3 (3b)", () => {
    const state = at("T03", (s) => {
      s.buildingSides["3"] = "b";
      placeBuilding(s, "T03", 3, 0);
      setHand(s, 0, ["CRI", "PIN", "SGE", "CRI"]);
    });
    expect(optionsOfType(state, "actBreed").map((o) => o.breed).sort()).toEqual(["CRI", "PIN", "SGE"]);
    const money = me(state).money;
    expect(me(play(state, { type: "actBreed", i: 1, breed: "CRI" }).state).money).toBe(money + 3);
  });
  it("any card for double its breeding value (4b)", () => {
    const state = at("T03", (s) => {
      s.buildingSides["4"] = "b";
      placeBuilding(s, "T03", 4, 0);
      setHand(s, 0, ["HER", "PIN", "SGE", "CRI"]);
    });
    const money = me(state).money;
    expect(me(play(state, { type: "actBreed", i: 0, breed: "HER" }).state).money).toBe(money + 10);
  });
});

describe("2 gain money / 3 certificates / 4 exchange tokens", () => {
  it("G gives $2", () => {
    const state = at("T15");
    expect(me(play(state, { type: "act", i: 1 }).state).money).toBe(me(state).money + 2);
  });
  it("C gives up to 2 certificates, never past 4; not offered on a full track", () => {
    let state = at("T04", (s) => (me(s).certs = 3));
    state = play(state, { type: "act", i: 0 }).state;
    expect(me(state).certs).toBe(4);
    state = at("T04", (s) => (me(s).certs = 4));
    expect(offered(state, { type: "act", i: 0 })).toBe(false);
  });
  it("C sells a token for $1 (not offered without $1); F gives one free", () => {
    let state = at("T04", (s) => (me(s).money = 1));
    const tokens = me(state).tokens;
    state = play(state, { type: "act", i: 1 }).state;
    expect(me(state)).toMatchObject({ money: 0, tokens: tokens + 1 });
    expect(offered(at("T04", (s) => (me(s).money = 0)), { type: "act", i: 1 })).toBe(false);
    state = at("T11", (s) => (me(s).money = 0));
    expect(me(play(state, { type: "act", i: 1 }).state).tokens).toBe(tokens + 1);
  });
  it("an exchange token draws one card and discards one; a worker drawn goes to the worker area and the draw goes on", () => {
    let state = at("T15", (s) => {
      const p = me(s);
      p.tokens = 1;
      setWorkers(s, 0, {});
      const worker = s.workerSupply.ENG.shift()!;
      p.draw.unshift(worker);
    });
    const nextCattle = me(state).draw[1]!;
    const { state: after, events } = play(state, { type: "exchange" });
    state = after;
    expect(me(state).workers.map((c) => c.slice(2, 5))).toEqual(["ENG"]);
    expect(me(state).hand).toContain(nextCattle);
    expect(me(state).hand).toHaveLength(5);
    expect(prompt(state).kind).toBe("exchangeDiscard");
    expect(eventsOf(events, "drewCattle")[0]!.onlyFor).toEqual([0]);
    const breed = optionsOfType(state, "discard")[0]!.breed;
    state = play(state, { type: "discard", breed }).state;
    expect(me(state).hand).toHaveLength(4);
    expect(me(state).tokens).toBe(0);
  });
});

describe("5 hire", () => {
  it("B: one worker for $5, a wild for $9; the second worker is optional", () => {
    let state = at("T02", (s) => (me(s).money = 9));
    expect(optionsOfType(state, "hire").map((o) => o.worker)).toEqual(["COW", "ENG", "BLD", "WLD"]);
    state = play(state, { type: "hire", i: 0, worker: "ENG" }).state;
    expect(me(state).money).toBe(4);
    expect(prompt(state).kind).toBe("hireSecond");
    state = play(state, { type: "done" }).state;
    expect(prompt(state).context).toEqual({ source: "N_B" });
  });
  it("B: two different workers cost $13, $17 with a wild", () => {
    let state = at("T02", (s) => (me(s).money = 17));
    state = play(state, { type: "hire", i: 0, worker: "COW" }, { type: "hireSecond", worker: "WLD" }).state;
    expect(me(state).money).toBe(0);
  });
  it("2b: a specific worker for $0 or a wild for $4 (a hire away from B is free but for the wild)", () => {
    const state = at("T03", (s) => {
      s.buildingSides["2"] = "b";
      placeBuilding(s, "T03", 2, 0);
      me(s).money = 3;
    });
    expect(optionsOfType(state, "hire").map((o) => o.worker)).toEqual(["COW", "ENG", "BLD"]);
    const after = play(state, { type: "hire", i: 0, worker: "BLD" }).state;
    expect(me(after).money).toBe(3);
    expect(prompt(after).kind).toBe("actions"); // no second hire
    state.players[0]!.money = 4;
    expect(me(play(state, { type: "hire", i: 0, worker: "WLD" }).state).money).toBe(0);
  });
  it("a free hire (post 9): $0 for a specific worker, $4 for a wild; an empty stack is not offered", () => {
    let state = at("T00", (s) => {
      setHand(s, 0, ["SGE", "COR", "ANG", "CRI"]); // 2 + 3 + 3 + 1 = 9
      me(s).money = 0;
      s.workerSupply.COW = [];
    });
    state = play(state, { type: "deliver", post: "P09", disc: "D1", spend: 0 }).state;
    expect(me(state).money).toBe(5);
    expect(optionsOfType(state, "hire").map((o) => o.worker)).toEqual(["ENG", "BLD", "WLD"]);
    state = play(state, { type: "hire", i: 0, worker: "WLD" }).state;
    expect(me(state).money).toBe(1);
  });
});

describe("6 buy cattle", () => {
  it("wild workers may stand in for cowboys; each variant is an option", () => {
    const state = at("T08", (s) => {
      setWorkers(s, 0, { COW: 1, WLD: 2 });
      me(s).money = 20;
    });
    const cor = optionsOfType(state, "buy").filter((o) => o.breed === "COR").map((o) => o.wild);
    expect(cor).toEqual([1, 2]);
    expect(optionsOfType(state, "buy").some((o) => o.breed === "HER")).toBe(false);
    const after = play(state, { type: "buy", i: 0, breed: "COR", wild: 1 }).state;
    expect(me(after).workers).toHaveLength(1);
    expect(me(after).money).toBe(16);
    expect(me(after).discard.some((c) => c.startsWith("C-COR"))).toBe(true);
  });
});

describe("7 train", () => {
  it("train card 2 (front): engineers and $4, a free Corriente and a certificate", () => {
    let state = at("T11", (s) => {
      setWorkers(s, 0, { ENG: 2 });
      me(s).money = 4;
    });
    expect(optionsOfType(state, "train").map((o) => o.card)).toEqual([1, 2]);
    state = play(state, { type: "train", i: 0, card: 2, wild: 0 }, { type: "act", i: 0 }, { type: "act", i: 1 }).state;
    expect(me(state).certs).toBe(1);
    expect(me(state).discard.some((c) => c.startsWith("C-COR"))).toBe(true);
    // Both train actions used: the card closes, F's token is still open.
    expect(prompt(state).context).toEqual({ source: "N_F" });
  });
  it("★ sides are used when chosen as a table option", () => {
    let state = turnAt(started(2, "t", { starTrains: [1] }), 0, "T01");
    setWorkers(state, 0, { ENG: 1 });
    state.players[0]!.money = 2;
    state = arriveAt(state, "T11").state;
    state = play(state, { type: "train", i: 0, card: 1, wild: 0 }).state;
    expect(prompt(state).context).toEqual({ source: "TR1S" });
  });
});

describe("8 objective and bonus tiles", () => {
  it("a face-up tile is replaced at once from its pile; a tile may come from the pile", () => {
    let state = at("T03", (s) => {
      s.buildingSides["6"] = "b";
      placeBuilding(s, "T03", 6, 0);
    });
    const pick = state.objDisplay[1]!;
    const next = state.objPile[0]!;
    state = play(state, { type: "tile", i: 0, pick }).state;
    expect(state.objDisplay[1]).toBe(next);
    expect(me(state).objectives).toContain(pick);
    const state2 = at("T03", (s) => {
      s.buildingSides["6"] = "b";
      placeBuilding(s, "T03", 6, 0);
    });
    const top = state2.bonPile[0]!;
    expect(me(play(state2, { type: "tile", i: 0, pick: "BON_PILE" }).state).bonuses).toContain(top);
  });
  it("3b: $2 for a bonus tile, not offered without $2; a one-time bonus is resolved at once", () => {
    let state = at("T03", (s) => {
      s.buildingSides["3"] = "b";
      placeBuilding(s, "T03", 3, 0);
      me(s).money = 2;
      giveTile(s, 1, "BO06");
      s.bonDisplay[0] = "BO06";
      s.players[1]!.bonuses = [];
    });
    state = play(state, { type: "tile", i: 0, pick: "BO06" }).state;
    expect(me(state).money).toBe(0);
    expect(prompt(state).context).toEqual({ source: "BO06" });
    state = play(state, { type: "act", i: 0 }).state;
    expect(me(state).money).toBe(5);
    const poor = at("T03", (s) => {
      s.buildingSides["3"] = "b";
      placeBuilding(s, "T03", 3, 0);
      me(s).money = 1;
    });
    expect(optionsOfType(poor, "tile")).toEqual([]);
  });
});

describe("9 build", () => {
  it("at most two buildings: with two, only upgrades are offered", () => {
    const state = at("T10", (s) => {
      placeBuilding(s, "T03", 1, 0);
      placeBuilding(s, "T05", 1, 0);
      setWorkers(s, 0, { BLD: 2 });
      me(s).money = 20;
    });
    const nodes = new Set(optionsOfType(state, "build").map((o) => o.node));
    expect(nodes).toEqual(new Set(["T03", "T05"]));
  });
  it("an occupied space is not offered, and upgrades go only to more builders", () => {
    const state = at("T10", (s) => {
      placeBuilding(s, "T03", 3, 1);
      placeBuilding(s, "T05", 3, 0);
      setWorkers(s, 0, { BLD: 3 });
      me(s).money = 20;
    });
    const options = optionsOfType(state, "build");
    expect(options.some((o) => o.node === "T03")).toBe(false);
    expect(options.filter((o) => o.node === "T05").every((o) => o.building > 3)).toBe(true);
    // Placing pays the space's price on top (T13: $4).
    expect(SPACE_COST.T13).toBe(4);
    const after = play(state, { type: "build", i: 0, building: 1, node: "T13", wild: 0 }).state;
    expect(me(after).money).toBe(20 - 2 - 4);
  });
});

describe("10 auxiliary actions", () => {
  it("at a location, one auxiliary action replaces the depicted actions", () => {
    let state = at("T02");
    const money = me(state).money;
    expect(offered(state, { type: "aux", aux: 1 })).toBe(true);
    state = play(state, { type: "aux", aux: 1 }).state;
    expect(me(state).money).toBe(money + 1);
    expect(state.active).toBe(1); // the location is used up, the turn ended
  });
  it("after a depicted action, no auxiliary action is offered", () => {
    const state = play(at("T15"), { type: "act", i: 1 }).state;
    expect(optionsOfType(state, "aux")).toEqual([]);
  });
  it("another player's building offers only an auxiliary action", () => {
    const state = at("T03", (s) => placeBuilding(s, "T03", 2, 1));
    expect(prompt(state).options.filter((o) => o.type !== "bonus" && o.type !== "exchange").map((o) => o.type).sort()).toEqual(["aux", "aux", "done"]);
  });
  it("locked auxiliary actions 2 and 4 open when their discs are cleared; 1 pays $3 once cleared", () => {
    const locked = at("T03", (s) => placeBuilding(s, "T03", 2, 1));
    expect(optionsOfType(locked, "aux").map((o) => o.aux)).toEqual([1, 3]);
    let state = at("T03", (s) => {
      placeBuilding(s, "T03", 2, 1);
      clearDisc(s, 0, "D1");
      clearDisc(s, 0, "D2");
      clearDisc(s, 0, "D4");
      setHand(s, 0, ["CRI", "PIN", "PIN", "SGE"]);
    });
    expect(optionsOfType(state, "aux").map((o) => o.aux)).toEqual([1, 2, 3]);
    expect(optionsOfType(state, "auxTrash").map((o) => o.breed).sort()).toEqual(["CRI", "PIN", "SGE"]);
    const money = me(state).money;
    expect(me(play(state, { type: "aux", aux: 1 }).state).money).toBe(money + 3);
    state = play(state, { type: "auxTrash", breed: "CRI" }).state;
    expect(state.box).toHaveLength(1);
  });
  it("G: two different auxiliary actions", () => {
    let state = at("T15", (s) => clearDisc(s, 0, "D2"));
    state = play(state, { type: "act", i: 0 }).state;
    expect(prompt(state).kind).toBe("aux");
    state = play(state, { type: "aux", aux: 1 }).state;
    expect(optionsOfType(state, "aux").map((o) => o.aux)).toEqual([2, 3]);
    state = play(state, { type: "aux", aux: 2 }).state;
    expect(me(state).certs).toBe(1);
    expect(prompt(state).kind).toBe("actions"); // back at G
  });
  it("aux 3 with its disc cleared: up to two exchanges, one after the other", () => {
    let state = at("T03", (s) => {
      placeBuilding(s, "T03", 2, 1);
      clearDisc(s, 0, "D3");
    });
    state = play(state, { type: "aux", aux: 3 }).state;
    state = play(state, { type: "discard", breed: optionsOfType(state, "discard")[0]!.breed }).state;
    expect(prompt(state).kind).toBe("exchangeAgain");
    state = play(state, { type: "auxExchange" }).state;
    state = play(state, { type: "discard", breed: optionsOfType(state, "discard")[0]!.breed }).state;
    expect(state.active).toBe(1);
  });
});

describe("11 move again", () => {
  it("2a: move 1 step; the old location's unused actions are lost and the new one is used in full", () => {
    let state = at("T09", (s) => placeBuilding(s, "T09", 2, 0));
    state = play(state, { type: "act", i: 1 }).state;
    expect(prompt(state).kind).toBe("move");
    expect(optionsOfType(state, "move").map((o) => o.to)).toContain("T10");
    state = play(state, { type: "move", to: "T10" }).state;
    expect(prompt(state).context).toEqual({ source: "N_E" });
    expect(state.stack).toHaveLength(1);
  });
});

describe("12 gain cattle / 13 remove cattle", () => {
  it("6a: a Shorthorn for $2 without cowboys", () => {
    const state = at("T03", (s) => {
      placeBuilding(s, "T03", 6, 0);
      setWorkers(s, 0, {});
      me(s).money = 2;
    });
    const after = play(state, { type: "act", i: 0 }).state;
    expect(me(after).money).toBe(0);
    expect(me(after).discard.some((c) => c.startsWith("C-SHO"))).toBe(true);
  });
  it("5a: a free Black Angus; an empty market stack is not offered", () => {
    expect(offered(at("T03", (s) => placeBuilding(s, "T03", 5, 0)), { type: "act", i: 0 })).toBe(true);
    expect(offered(at("T03", (s) => { placeBuilding(s, "T03", 5, 0); s.box.push(...s.market.ANG.splice(0)); }), { type: "act", i: 0 })).toBe(false);
  });
  it("1a removes a Criollo; 5b removes any card", () => {
    let state = at("T03", (s) => {
      placeBuilding(s, "T03", 1, 0);
      setHand(s, 0, ["CRI", "PIN", "GAL", "SGE"]);
    });
    expect(optionsOfType(state, "actBreed")).toEqual([{ type: "actBreed", i: 0, breed: "CRI" }]);
    state = play(state, { type: "actBreed", i: 0, breed: "CRI" }).state;
    expect(state.box.map((c) => c.slice(2, 5))).toEqual(["CRI"]);
    state = at("T03", (s) => {
      s.buildingSides["5"] = "b";
      placeBuilding(s, "T03", 5, 0);
      setHand(s, 0, ["CRI", "PIN", "GAL", "SGE"]);
    });
    expect(optionsOfType(state, "actBreed").map((o) => o.breed).sort()).toEqual(["CRI", "GAL", "PIN", "SGE"]);
  });
});

describe("worker bonuses", () => {
  it("engineer $1, wild $2, builder $2 → 1 certificate; the worker goes to the discard pile", () => {
    let state = at("T15", (s) => {
      setWorkers(s, 0, { ENG: 1, WLD: 1, BLD: 1 });
      me(s).money = 0;
    });
    state = play(state, { type: "bonus", worker: "ENG" }, { type: "bonus", worker: "WLD" }, { type: "bonus", worker: "BLD" }).state;
    expect(me(state)).toMatchObject({ money: 1, certs: 1 });
    expect(me(state).workers).toEqual([]);
    expect(me(state).discard.filter((c) => c.startsWith("W-"))).toHaveLength(3);
  });
});

describe("more variants", () => {
  it("1b: one auxiliary action as a depicted action, beside the Criollo discard", () => {
    let state = at("T03", (s) => {
      s.buildingSides["1"] = "b";
      placeBuilding(s, "T03", 1, 0);
      setHand(s, 0, ["CRI", "PIN", "GAL", "SGE"]);
    });
    state = play(state, { type: "actBreed", i: 0, breed: "CRI" }, { type: "act", i: 1 }).state;
    expect(prompt(state)).toMatchObject({ kind: "aux", context: { remaining: 1 } });
    const money = me(state).money;
    state = play(state, { type: "aux", aux: 1 }).state;
    expect(me(state).money).toBe(money + 1);
    expect(state.active).toBe(1);
  });
  it("post 7: an objective tile, face up or from the pile", () => {
    let state = at("T00", (s) => setHand(s, 0, ["CRI", "PIN", "GAL", "SGE"]));
    state = play(state, { type: "deliver", post: "P07", disc: "D1", spend: 0 }).state;
    const picks = optionsOfType(state, "tile").map((o) => o.pick);
    expect(picks).toEqual([...state.objDisplay.filter((t) => t !== null), "OBJ_PILE"]);
    const top = state.objPile[0]!;
    state = play(state, { type: "tile", i: 0, pick: "OBJ_PILE" }).state;
    expect(me(state).objectives).toContain(top);
  });
  it("a bonus tile with two free tokens; a bonus tile's move closes the train card it came from", () => {
    let state = at("T11", (s) => {
      setWorkers(s, 0, { ENG: 3 });
      me(s).money = 6;
      giveTile(s, 1, "BO10");
      giveTile(s, 1, "BO16");
      s.players[1]!.bonuses = [];
      s.bonDisplay = ["BO10", "BO16", null];
    });
    const tokens = me(state).tokens;
    state = play(state, { type: "train", i: 0, card: 3, wild: 0 }, { type: "tile", i: 0, pick: "BO10" }, { type: "act", i: 0 }, { type: "act", i: 1 }).state;
    expect(me(state).tokens).toBe(tokens + 2);
    expect(prompt(state).context).toEqual({ source: "TR3F" }); // back on the train card
    state = play(state, { type: "act", i: 1 }).state; // 2 certificates
    expect(me(state).certs).toBe(2);
  });
  it("BO16: move 2 at once; the open train card and location are closed", () => {
    let state = at("T11", (s) => {
      setWorkers(s, 0, { ENG: 3 });
      me(s).money = 6;
      giveTile(s, 1, "BO16");
      s.players[1]!.bonuses = [];
      s.bonDisplay = ["BO16", null, null];
    });
    state = play(state, { type: "train", i: 0, card: 3, wild: 0 }, { type: "tile", i: 0, pick: "BO16" }, { type: "act", i: 0 }).state;
    expect(state.stack).toEqual([{ kind: "move", max: 2, first: false }]);
  });
});

describe("refusals", () => {
  it("another seat, an action not offered, an unknown action type, a malformed action", () => {
    const state = at("T15");
    expect(errorCode(state, 1, { type: "done" })).toBe("NOT_YOUR_TURN");
    expect(errorCode(state, 0, { type: "act", i: 5 })).toBe("ILLEGAL_ACTION");
    expect(errorCode(state, 0, { type: "fly" })).toBe("UNKNOWN_ACTION");
    expect(errorCode(state, 0, [1, 2])).toBe("MALFORMED_ACTION");
  });
});
