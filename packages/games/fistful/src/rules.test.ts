/**
 * One test (or more) per rule of A Fistful of Meeples: placing meeples (step 2), the meeple
 * actions (step 3), signs, dynamite, the bar (step 4), the rulings and illegal actions.
 * Showdowns are in showdown.test.ts, the starting signs, the end and scoring in end.test.ts.
 * Every situation is built by hand with test-helpers.ts and driven through `fistful.apply`.
 */
import type { LogEvent } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { RING, type SpaceId } from "./data.ts";
import { fistful } from "./index.ts";
import { RULINGS } from "./rulings.ts";
import { act, emptyTable, errorCode, eventsOf, goldOnlyBag, meeples, play, prompt, put } from "./test-helpers.ts";

/** The spaces filled by `placed` events, in order. */
const placedSpaces = (events: LogEvent[]): SpaceId[] => eventsOf(events, "placed").map((event) => event.space as SpaceId);

describe("step 1: taking the meeples of one location", () => {
  it("offers every location holding at least one meeple, and takes all of them into the hand", () => {
    const state = emptyTable();
    put(state, "T2", { miner: 1 });
    put(state, "B5", { builder: 2, robber: 1 });
    put(state, "jail", { robber: 1 });
    expect(prompt(state)).toEqual({
      seat: 0,
      kind: "take",
      options: [
        { type: "take", location: "T2" },
        { type: "take", location: "B5" },
        { type: "take", location: "jail" },
      ],
    });
    const { state: after, events } = act(state, 0, { type: "take", location: "B5" });
    expect(after.turn.hand).toEqual(meeples({ builder: 2, robber: 1 }));
    expect(after.locations.B5).toEqual(meeples());
    expect(eventsOf(events, "took")).toEqual([{ type: "took", seat: 0, location: "B5", meeples: meeples({ builder: 2, robber: 1 }) }]);
  });
});

describe("step 2: sowing round the ring", () => {
  it("goes clockwise from a building onto the consecutive doors, the player choosing each meeple", () => {
    const state = emptyTable();
    put(state, "T3", { deputy: 1, robber: 1, miner: 1 });

    const afterDirection = play(state, { type: "take", location: "T3" }, { type: "direction", direction: "cw" }).state;
    // The first space is the neighbouring door, never the building's own.
    expect(prompt(afterDirection).kind).toBe("sow");
    expect(prompt(afterDirection).context).toEqual({ space: "T4" });
    expect(prompt(afterDirection).options).toEqual([
      { type: "place", meeple: "deputy" },
      { type: "place", meeple: "robber" },
      { type: "place", meeple: "miner" },
    ]);

    // The last meeple in hand is placed without asking.
    const { state: after, events } = play(afterDirection, { type: "place", meeple: "miner" }, { type: "place", meeple: "deputy" });
    expect(placedSpaces(events)).toEqual(["T4", "T5", "T6"]);
    expect(after.spaces).toEqual({
      T4: { meeple: "miner", controller: null },
      T5: { meeple: "deputy", controller: null },
      T6: { meeple: "robber", controller: null },
    });
    expect(after.locations.T3).toEqual(meeples());
    expect(prompt(after).kind).toBe("resolve");
  });

  it("goes counter-clockwise from a building, through a free showdown space like any other", () => {
    const state = emptyTable();
    put(state, "B3", { miner: 5 });
    // Counter-clockwise along the bottom row runs B1 → B6, then SR, then back along the top row.
    const { state: after, events } = play(state, { type: "take", location: "B3" }, { type: "direction", direction: "ccw" });
    expect(placedSpaces(events)).toEqual(["B4", "B5", "B6", "SR", "T6"]);
    expect(after.spaces.SR).toEqual({ meeple: "miner", controller: 0 });
    expect(after.spaces.B4).toEqual({ meeple: "miner", controller: null });
  });

  it("fills the 14 spaces in the order T1..T6, SR, B6..B1, SL clockwise, and the exact reverse counter-clockwise", () => {
    for (const direction of ["cw", "ccw"] as const) {
      const state = emptyTable();
      put(state, "saloon", { miner: 14 });
      const { events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T1" }, { type: "direction", direction });
      const expected = direction === "cw" ? [...RING] : ["T1", ...RING.slice(1).reverse()];
      expect(placedSpaces(events)).toEqual(expected);
    }
    expect(RING).toEqual(["T1", "T2", "T3", "T4", "T5", "T6", "SR", "B6", "B5", "B4", "B3", "B2", "B1", "SL"]);
  });
});

describe("step 2: corners and the showdown spaces", () => {
  // One miner from a corner: the only question is which space it lands on.
  it.each([
    { corner: "T6", direction: "cw", occupied: null, first: "SR" },
    { corner: "T6", direction: "cw", occupied: "SR", first: "B6" },
    { corner: "T1", direction: "ccw", occupied: null, first: "SL" },
    { corner: "T1", direction: "ccw", occupied: "SL", first: "B1" },
    { corner: "B6", direction: "ccw", occupied: null, first: "SR" },
    { corner: "B6", direction: "ccw", occupied: "SR", first: "T6" },
    { corner: "B1", direction: "cw", occupied: null, first: "SL" },
    { corner: "B1", direction: "cw", occupied: "SL", first: "T1" },
    { corner: "T6", direction: "ccw", occupied: null, first: "T5" },
    { corner: "T1", direction: "cw", occupied: null, first: "T2" },
  ] as const)("from $corner going $direction with $occupied occupied, the first space is $first", ({ corner, direction, occupied, first }) => {
    const state = emptyTable();
    put(state, corner, { miner: 1 });
    put(state, "T3", { builder: 1 }); // a second location, so the next turn's take is not automatic
    if (occupied) state.spaces[occupied] = { meeple: "builder", controller: 1 };
    const { events } = play(state, { type: "take", location: corner }, { type: "direction", direction });
    expect(placedSpaces(events)).toEqual([first]);
  });

  it("skips an occupied showdown space in the middle of sowing and carries on across the street", () => {
    const state = emptyTable();
    put(state, "T5", { miner: 3 });
    state.spaces.SR = { meeple: "builder", controller: 1 };
    const { events } = play(state, { type: "take", location: "T5" }, { type: "direction", direction: "cw" });
    expect(placedSpaces(events)).toEqual(["T6", "B6", "B5"]);
  });
});

describe("step 2B: starting from the Saloon or the Jail", () => {
  it("offers every door and every free showdown space as the start, then a direction", () => {
    const state = emptyTable();
    put(state, "saloon", { robber: 1, miner: 1 });
    state.spaces.SR = { meeple: "builder", controller: 1 };

    const start = act(state, 0, { type: "take", location: "saloon" }).state;
    expect(prompt(start).kind).toBe("start");
    expect(prompt(start).options).toEqual(RING.filter((space) => space !== "SR").map((space) => ({ type: "start", space })));

    const direction = act(start, 0, { type: "start", space: "B4" }).state;
    expect(prompt(direction).kind).toBe("direction");
    const sowing = act(direction, 0, { type: "direction", direction: "ccw" }).state;
    // The chosen start is the first space, and the meeples go on from there in the chosen direction.
    expect(prompt(sowing).context).toEqual({ space: "B4" });
    const { events } = act(sowing, 0, { type: "place", meeple: "robber" });
    expect(placedSpaces(events)).toEqual(["B4", "B5"]);
  });

  it("may start on a free showdown space", () => {
    const state = emptyTable();
    put(state, "jail", { robber: 2 });
    put(state, "B6", { builder: 1 });
    const { state: after, events } = play(state, { type: "take", location: "jail" }, { type: "start", space: "SL" }, { type: "direction", direction: "cw" });
    expect(placedSpaces(events)).toEqual(["SL", "T1"]);
    expect(after.spaces.SL).toEqual({ meeple: "robber", controller: 0 });
  });

  it("asks no direction for a single meeple", () => {
    const state = emptyTable();
    put(state, "saloon", { deputy: 1 });
    put(state, "B6", { builder: 1 });
    const { state: after, events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T3" });
    expect(eventsOf(events, "directionChosen")).toEqual([]);
    expect(placedSpaces(events)).toEqual(["T3"]);
    // Placed, resolved (no robber inside, no effect), moved in, and the turn passed on.
    expect(after.locations.T3.deputy).toBe(1);
    expect(after.active).toBe(1);
  });
});

describe("step 2B: dynamite from the Jail into the bag", () => {
  it("moves one dynamite from the Jail into the bag when the Jail's meeples are taken", () => {
    const state = emptyTable();
    put(state, "jail", { robber: 1 });
    const { state: after, events } = act(state, 0, { type: "take", location: "jail" });
    expect(after.jailDynamite).toBe(2);
    expect(after.bag.dynamite).toBe(1);
    expect(eventsOf(events, "dynamiteIntoBag")).toEqual([{ type: "dynamiteIntoBag", seat: 0 }]);
  });

  it("moves nothing when no dynamite is left in the Jail", () => {
    const state = emptyTable();
    put(state, "jail", { robber: 1 });
    state.jailDynamite = 0;
    state.bag.dynamite = 3;
    const { state: after, events } = act(state, 0, { type: "take", location: "jail" });
    expect(after.jailDynamite).toBe(0);
    expect(after.bag.dynamite).toBe(3);
    expect(eventsOf(events, "dynamiteIntoBag")).toEqual([]);
  });

  it("moves no dynamite when taking from the Saloon", () => {
    const state = emptyTable();
    put(state, "saloon", { robber: 1 });
    const after = act(state, 0, { type: "take", location: "saloon" }).state;
    expect(after.jailDynamite).toBe(3);
    expect(after.bag.dynamite).toBe(0);
  });
});

describe("step 2: naming another player's token", () => {
  /** Seat 0 already controls a meeple on SL and now sows onto SR from T6. */
  function secondShowdownSpace(seats: number) {
    const state = emptyTable(seats);
    goldOnlyBag(state);
    state.spaces.SL = { meeple: "miner", controller: 0 };
    put(state, "T6", { builder: 1 });
    put(state, "B3", { builder: 1 });
    return state;
  }

  it("forces seat 0 to name one of the other seats in a 3-player game", () => {
    const named = play(secondShowdownSpace(3), { type: "take", location: "T6" }, { type: "direction", direction: "cw" }).state;
    expect(prompt(named)).toEqual({
      seat: 0,
      kind: "name",
      options: [
        { type: "name", seat: 1 },
        { type: "name", seat: 2 },
      ],
      context: { space: "SR" },
    });
    const { events } = act(named, 0, { type: "name", seat: 2 });
    expect(eventsOf(events, "controllerNamed")).toEqual([{ type: "controllerNamed", seat: 0, space: "SR", controller: 2 }]);
    // The showdown that follows is fought by seat 0 (SL) and the named seat 2 (SR).
    const [showdown] = eventsOf(events, "showdown");
    expect(showdown).toMatchObject({ left: { controller: 0, meeple: "miner" }, right: { controller: 2, meeple: "builder" } });
  });

  it("offers all three other seats in a 4-player game", () => {
    const named = play(secondShowdownSpace(4), { type: "take", location: "T6" }, { type: "direction", direction: "cw" }).state;
    expect(prompt(named).options).toEqual([1, 2, 3].map((seat) => ({ type: "name", seat })));
  });

  it("names the only other player automatically in a 2-player game", () => {
    const { events } = play(secondShowdownSpace(2), { type: "take", location: "T6" }, { type: "direction", direction: "cw" });
    expect(eventsOf(events, "controllerNamed")).toEqual([{ type: "controllerNamed", seat: 0, space: "SR", controller: 1 }]);
    expect(eventsOf(events, "showdown")[0]).toMatchObject({ left: { controller: 0 }, right: { controller: 1 } });
  });

  it("puts the player's own token under the meeple when somebody else controls the other showdown space", () => {
    const state = secondShowdownSpace(3);
    state.spaces.SL = { meeple: "miner", controller: 1 };
    const { events } = play(state, { type: "take", location: "T6" }, { type: "direction", direction: "cw" });
    expect(eventsOf(events, "controllerNamed")).toEqual([]);
    expect(eventsOf(events, "showdown")[0]).toMatchObject({ left: { controller: 1 }, right: { controller: 0 } });
  });

  it("also forces a name when one sowing fills both showdown spaces", () => {
    const state = emptyTable(3);
    put(state, "saloon", { miner: 8 });
    put(state, "B3", { builder: 1 });
    // SR, B6..B1, SL: the eighth miner reaches SL while seat 0's own token lies under SR.
    const named = play(state, { type: "take", location: "saloon" }, { type: "start", space: "SR" }, { type: "direction", direction: "cw" }).state;
    expect(named.spaces.SR).toEqual({ meeple: "miner", controller: 0 });
    expect(prompt(named)).toMatchObject({ seat: 0, kind: "name", context: { space: "SL" } });
  });
});

describe("step 2: the madame never takes part in a showdown", () => {
  it("is not offered for a showdown space while another meeple is in hand", () => {
    const state = emptyTable();
    put(state, "T6", { madame: 1, deputy: 1, robber: 1 });
    const sowing = play(state, { type: "take", location: "T6" }, { type: "direction", direction: "cw" }).state;
    expect(prompt(sowing).context).toEqual({ space: "SR" });
    expect(prompt(sowing).options).toEqual([
      { type: "place", meeple: "deputy" },
      { type: "place", meeple: "robber" },
    ]);
  });

  it("goes to the Saloon with no effect when she is the last meeple and would land on a showdown space", () => {
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "T5", { madame: 1, miner: 1 });
    put(state, "B3", { builder: 1 });
    // The miner takes T6's door, which leaves the madame last in hand for SR.
    const { state: after, events } = play(state, { type: "take", location: "T5" }, { type: "direction", direction: "cw" }, { type: "place", meeple: "miner" });
    expect(eventsOf(events, "madameToSaloon")).toEqual([{ type: "madameToSaloon", seat: 0, space: "SR" }]);
    expect(after.spaces.SR).toBeUndefined();
    expect(after.locations.saloon.madame).toBe(1);
    expect(after.locations.T6).toEqual(meeples({ miner: 1 }));
    expect(after.players[0]!.gold).toBe(0);
    expect(after.bag.gold).toBe(30);
    expect(after.active).toBe(1);
  });

  it("goes back to the Saloon when she alone is taken from there and started on a showdown space", () => {
    const state = emptyTable();
    put(state, "saloon", { madame: 1 });
    put(state, "B3", { builder: 1 });
    const { state: after, events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "SL" });
    expect(eventsOf(events, "madameToSaloon")).toHaveLength(1);
    expect(after.spaces).toEqual({});
    expect(after.locations.saloon).toEqual(meeples({ madame: 1 }));
  });
});

describe("step 3: meeple actions", () => {
  /** Seat 0 takes a single meeple from the Saloon and starts it on the door of T4. */
  function oneMeepleToT4(type: "miner" | "robber" | "deputy" | "madame" | "builder", setup: (state: ReturnType<typeof emptyTable>) => void) {
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "saloon", { [type]: 1 });
    put(state, "B6", { builder: 1 }); // keeps the next turn's take a real choice
    setup(state);
    return play(state, { type: "take", location: "saloon" }, { type: "start", space: "T4" });
  }

  it("miner: the owner of a 5-point sign draws 2, even when the sign belongs to another player", () => {
    const { state, events } = oneMeepleToT4("miner", (s) => {
      s.signs.T4 = { owner: 1, points: 5 };
    });
    expect(state.players[1]!.gold).toBe(2);
    expect(state.players[0]!.gold).toBe(0);
    expect(state.bag.gold).toBe(28);
    expect(eventsOf(events, "drew")).toEqual([{ type: "drew", seat: 1, reason: "miner", gold: 2, stone: 0 }]);
    expect(state.locations.T4.miner).toBe(1);
  });

  it("miner: the owner of a 10-point sign draws 4", () => {
    const { state } = oneMeepleToT4("miner", (s) => {
      s.signs.T4 = { owner: 0, points: 10 };
    });
    expect(state.players[0]!.gold).toBe(4);
  });

  it("miner: without a sign nobody draws", () => {
    const { state, events } = oneMeepleToT4("miner", () => {});
    expect(state.players.map((p) => p.gold)).toEqual([0, 0]);
    expect(state.bag.gold).toBe(30);
    expect(eventsOf(events, "drew")).toEqual([]);
    expect(state.locations.T4.miner).toBe(1);
  });

  it("robber: draws 2 per miner inside, and the miners stay", () => {
    const { state } = oneMeepleToT4("robber", (s) => put(s, "T4", { miner: 2, builder: 1 }));
    expect(state.players[0]!.gold).toBe(4);
    expect(state.locations.T4).toEqual(meeples({ miner: 2, builder: 1, robber: 1 }));
  });

  it("robber: draws nothing without miners inside", () => {
    const { state } = oneMeepleToT4("robber", (s) => put(s, "T4", { builder: 2 }));
    expect(state.players[0]!.gold).toBe(0);
  });

  it("deputy: draws 2 per robber inside, and those robbers go to the Jail", () => {
    const { state, events } = oneMeepleToT4("deputy", (s) => {
      put(s, "T4", { robber: 2, miner: 1 });
      put(s, "jail", { robber: 1 });
    });
    expect(state.players[0]!.gold).toBe(4);
    expect(state.locations.T4).toEqual(meeples({ miner: 1, deputy: 1 }));
    expect(state.locations.jail).toEqual(meeples({ robber: 3 }));
    expect(eventsOf(events, "robbersJailed")).toEqual([{ type: "robbersJailed", seat: 0, building: "T4", count: 2 }]);
  });

  it("madame: draws 1 per builder inside, and those builders go to the Saloon", () => {
    const { state } = oneMeepleToT4("madame", (s) => put(s, "T4", { builder: 3, miner: 1 }));
    expect(state.players[0]!.gold).toBe(3);
    expect(state.locations.T4).toEqual(meeples({ miner: 1, madame: 1 }));
    expect(state.locations.saloon).toEqual(meeples({ builder: 3 }));
  });

  it("draws real pieces from a mixed bag: whatever the RNG says, every piece drawn leaves the bag", () => {
    for (const seed of ["a", "b", "c", "d", "e"]) {
      const state = emptyTable(2, seed);
      put(state, "saloon", { deputy: 1 });
      put(state, "T4", { robber: 3 });
      put(state, "B6", { builder: 1 });
      const { state: after } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T4" });
      const player = after.players[0]!;
      // 6 pieces from 36 gold and 18 stone (no dynamite yet). Six gold would also buy a bar at
      // the end of the turn, its gold going back into the bag: count that gold too.
      const barGold = player.bars.reduce((sum, price) => sum + price, 0);
      expect(player.gold + barGold + player.stone).toBe(6);
      expect(after.bag.gold - barGold + after.bag.stone).toBe(54 - 6);
      expect(after.bag.gold + player.gold).toBe(36); // gold paid for a bar goes back into the bag
    }
  });

  it("counts only meeples inside the building: the ones carried out of it this turn are not", () => {
    // T4's own 13 meeples go round the ring (SR is taken) and the last one, a robber, lands on
    // T4's own door. The two miners that were inside are now on other doors: nothing to rob.
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "T4", { robber: 1, miner: 2, builder: 10 });
    state.spaces.SR = { meeple: "builder", controller: 1 };
    let current = play(state, { type: "take", location: "T4" }, { type: "direction", direction: "cw" }).state;
    while (current.step.kind === "sow") {
      const hand = current.turn.hand;
      // Keep the robber for last.
      const meeple = hand.builder > 0 ? "builder" : hand.miner > 0 ? "miner" : "robber";
      current = act(current, 0, { type: "place", meeple }).state;
    }
    expect(current.spaces.T4).toEqual({ meeple: "robber", controller: null });
    const { state: after, events } = act(current, 0, { type: "resolve", space: "T4" });
    expect(eventsOf(events, "drew")).toEqual([]);
    expect(after.players[0]!.gold).toBe(0);
    expect(after.locations.T4).toEqual(meeples({ robber: 1 }));
  });

  it("lets the player resolve the placed meeples in any order, each moving into its building", () => {
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "T2", { robber: 1, deputy: 1 });
    put(state, "T3", { robber: 1 });
    put(state, "T4", { miner: 1 });
    const resolving = play(state, { type: "take", location: "T2" }, { type: "direction", direction: "cw" }, { type: "place", meeple: "deputy" }).state;
    expect(prompt(resolving).options).toEqual([
      { type: "resolve", space: "T3" },
      { type: "resolve", space: "T4" },
    ]);
    // T4 first (the robber robs the miner), then T3 follows automatically (the deputy jails the robber).
    const { state: after, events } = act(resolving, 0, { type: "resolve", space: "T4" });
    expect(eventsOf(events, "resolving").map((e) => e.space)).toEqual(["T4", "T3"]);
    expect(after.players[0]!.gold).toBe(4);
    expect(after.spaces).toEqual({});
    expect(after.locations.T3).toEqual(meeples({ deputy: 1 }));
    expect(after.locations.T4).toEqual(meeples({ miner: 1, robber: 1 }));
    expect(after.locations.jail).toEqual(meeples({ robber: 1 }));
  });
});

describe("step 3: builders, building and upgrading signs", () => {
  /** Seat 0 brings one builder from the Saloon to the door of `building`. */
  function builderTo(building: "T3" | "T1", setup: (state: ReturnType<typeof emptyTable>) => void) {
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "saloon", { builder: 1 });
    put(state, "B6", { builder: 1 });
    setup(state);
    return play(state, { type: "take", location: "saloon" }, { type: "start", space: building });
  }

  it("offers to build on a building without a sign, paying the exact cost into the bag, sign 5 side up", () => {
    const { state: asking } = builderTo("T3", (s) => {
      s.players[0]!.gold = 5;
      s.players[0]!.stone = 4;
    });
    expect(prompt(asking)).toEqual({
      seat: 0,
      kind: "build",
      options: [{ type: "build" }, { type: "pass" }],
      context: { building: "T3", gold: 2, stone: 1 },
    });
    const { state: after, events } = act(asking, 0, { type: "build" });
    expect(after.players[0]).toMatchObject({ gold: 3, stone: 3, signsLeft: 7 });
    expect(after.bag).toEqual({ gold: 32, stone: 1, dynamite: 0 });
    expect(after.signs.T3).toEqual({ owner: 0, points: 5 });
    expect(after.locations.T3.builder).toBe(1);
    expect(eventsOf(events, "signBuilt")).toEqual([{ type: "signBuilt", seat: 0, building: "T3", gold: 2, stone: 1 }]);
  });

  it("builds on a corner for 3 stone", () => {
    const asking = builderTo("T1", (s) => {
      s.players[0]!.stone = 3;
    }).state;
    const after = act(asking, 0, { type: "build" }).state;
    expect(after.players[0]).toMatchObject({ gold: 0, stone: 0 });
    expect(after.signs.T1).toEqual({ owner: 0, points: 5 });
  });

  it("lets the player pass: nothing paid, no sign, the builder still moves in", () => {
    const asking = builderTo("T3", (s) => {
      s.players[0]!.gold = 2;
      s.players[0]!.stone = 1;
    }).state;
    const after = act(asking, 0, { type: "pass" }).state;
    expect(after.players[0]).toMatchObject({ gold: 2, stone: 1, signsLeft: 8 });
    expect(after.signs.T3).toBeUndefined();
    expect(after.locations.T3.builder).toBe(1);
  });

  it("does not ask when the player cannot afford the cost", () => {
    const { state, events } = builderTo("T3", (s) => {
      s.players[0]!.gold = 1; // needs 2 gold + 1 stone
      s.players[0]!.stone = 9;
    });
    expect(prompt(state).kind).toBe("take");
    expect(state.active).toBe(1);
    expect(state.signs.T3).toBeUndefined();
    expect(eventsOf(events, "signBuilt")).toEqual([]);
  });

  it("does not ask when the player has no sign left (RULINGS.noSignNoBuild)", () => {
    expect(RULINGS.noSignNoBuild.source).toBe("data");
    const { state } = builderTo("T3", (s) => {
      s.players[0]!.gold = 5;
      s.players[0]!.stone = 9;
      s.players[0]!.signsLeft = 0;
    });
    expect(state.active).toBe(1);
    expect(state.signs.T3).toBeUndefined();
  });

  it("asks the sign's owner to upgrade, even on another player's turn", () => {
    const { state: asking } = builderTo("T3", (s) => {
      s.signs.T3 = { owner: 1, points: 5 };
      s.players[1]!.gold = 2;
      s.players[1]!.stone = 1;
    });
    expect(asking.active).toBe(0);
    expect(prompt(asking)).toEqual({
      seat: 1,
      kind: "upgrade",
      options: [{ type: "upgrade" }, { type: "pass" }],
      context: { building: "T3", gold: 2, stone: 1 },
    });
    // The active player cannot decide for the owner.
    expect(errorCode(asking, 0, { type: "upgrade" })).toBe("NOT_YOUR_TURN");
    const { state: after, events } = act(asking, 1, { type: "upgrade" });
    expect(after.signs.T3).toEqual({ owner: 1, points: 10 });
    expect(after.players[1]).toMatchObject({ gold: 0, stone: 0, signsLeft: 8 });
    expect(after.bag).toEqual({ gold: 32, stone: 1, dynamite: 0 });
    expect(eventsOf(events, "signUpgraded")).toEqual([{ type: "signUpgraded", seat: 1, building: "T3", gold: 2, stone: 1 }]);
    // Seat 0's turn then ends as usual.
    expect(after.active).toBe(1);
    expect(prompt(after).kind).toBe("take");
  });

  it("asks the active player to upgrade their own sign", () => {
    const asking = builderTo("T1", (s) => {
      s.signs.T1 = { owner: 0, points: 5 };
      s.players[0]!.stone = 3;
    }).state;
    expect(prompt(asking)).toMatchObject({ seat: 0, kind: "upgrade" });
    expect(act(asking, 0, { type: "upgrade" }).state.signs.T1).toEqual({ owner: 0, points: 10 });
  });

  it("keeps the 5 side when the owner passes", () => {
    const asking = builderTo("T3", (s) => {
      s.signs.T3 = { owner: 1, points: 5 };
      s.players[1]!.gold = 2;
      s.players[1]!.stone = 1;
    }).state;
    const after = act(asking, 1, { type: "pass" }).state;
    expect(after.signs.T3).toEqual({ owner: 1, points: 5 });
    expect(after.players[1]).toMatchObject({ gold: 2, stone: 1 });
  });

  it("does not ask the owner who cannot afford the upgrade, nor the active player who could", () => {
    const { state } = builderTo("T3", (s) => {
      s.signs.T3 = { owner: 1, points: 5 };
      s.players[0]!.gold = 5; // enough for the cost, not for a bar
      s.players[0]!.stone = 9;
    });
    expect(state.signs.T3).toEqual({ owner: 1, points: 5 });
    expect(state.active).toBe(1);
    expect(state.players[0]).toMatchObject({ gold: 5, stone: 9 });
  });

  it("does nothing in front of a 10-point sign", () => {
    const { state, events } = builderTo("T3", (s) => {
      s.signs.T3 = { owner: 0, points: 10 };
      s.players[0]!.gold = 5;
      s.players[0]!.stone = 9;
    });
    expect(state.signs.T3).toEqual({ owner: 0, points: 10 });
    expect(state.players[0]).toMatchObject({ gold: 5, stone: 9 });
    expect(state.active).toBe(1);
    expect(eventsOf(events, "signBuilt").concat(eventsOf(events, "signUpgraded"))).toEqual([]);
  });
});

describe("dynamite (RULINGS.dynamiteAfterTheDraw)", () => {
  /** Seat 0's miner on T4 makes the owner of T4's sign (seat 0) draw 2 or 4 pieces from `bag`. */
  function minerDraw(bag: { gold: number; stone: number; dynamite: number }, signPoints: 5 | 10, stones: number[]) {
    const state = emptyTable(stones.length);
    state.bag = bag;
    stones.forEach((stone, seat) => {
      state.players[seat]!.stone = stone;
    });
    state.signs.T4 = { owner: 0, points: signPoints };
    put(state, "saloon", { miner: 1 });
    put(state, "B6", { builder: 1 });
    return play(state, { type: "take", location: "saloon" }, { type: "start", space: "T4" });
  }

  it("explodes after the whole draw: the stone drawn with it is halved too, whatever the order the pieces came out in", () => {
    // The 10-point sign draws 4: the whole bag, so the order of the draw cannot matter.
    const { state: after, events } = minerDraw({ gold: 0, stone: 3, dynamite: 1 }, 10, [5, 3, 1]);
    expect(eventsOf(events, "drew")).toEqual([{ type: "drew", seat: 0, reason: "miner", gold: 0, stone: 3 }]);
    // Seat 0 holds 5 + 3 = 8 when it explodes and returns 4; the others return half of 3 and of 1.
    expect(eventsOf(events, "dynamiteExploded")).toEqual([{ type: "dynamiteExploded", seat: 0, returned: [4, 1, 0] }]);
    expect(after.players.map((p) => p.stone)).toEqual([4, 2, 1]);
    expect(after.bag).toEqual({ gold: 0, stone: 5, dynamite: 0 });
    expect(after.explodedDynamite).toBe(1);
    // The log says what was drawn before it says what exploded.
    const order = events.filter((e) => e.type === "drew" || e.type === "dynamiteExploded").map((e) => e.type);
    expect(order).toEqual(["drew", "dynamiteExploded"]);
  });

  it("explodes once per dynamite drawn, one after the other", () => {
    const { state: after, events } = minerDraw({ gold: 0, stone: 2, dynamite: 2 }, 10, [0, 8]);
    // Seat 0: 0 + 2 = 2 → returns 1 → 1 → returns 0. Seat 1: 8 → returns 4 → 4 → returns 2.
    expect(eventsOf(events, "dynamiteExploded")).toEqual([
      { type: "dynamiteExploded", seat: 0, returned: [1, 4] },
      { type: "dynamiteExploded", seat: 0, returned: [0, 2] },
    ]);
    expect(after.players.map((p) => p.stone)).toEqual([1, 2]);
    expect(after.bag).toEqual({ gold: 0, stone: 7, dynamite: 0 });
    expect(after.explodedDynamite).toBe(2);
  });

  it("counts as one of the pieces drawn, and the stone it sends back cannot be drawn again in the same draw", () => {
    // The 5-point sign draws 2; the bag holds only the dynamite, so the second piece is missing.
    const { state: after, events } = minerDraw({ gold: 0, stone: 0, dynamite: 1 }, 5, [5, 3, 1]);
    expect(eventsOf(events, "bagEmpty")).toEqual([{ type: "bagEmpty", seat: 0, missing: 1 }]);
    expect(eventsOf(events, "drew")).toEqual([]);
    expect(eventsOf(events, "dynamiteExploded")).toEqual([{ type: "dynamiteExploded", seat: 0, returned: [2, 1, 0] }]);
    expect(after.players.map((p) => p.stone)).toEqual([3, 2, 1]);
    expect(after.bag).toEqual({ gold: 0, stone: 3, dynamite: 0 });
    expect(RULINGS.dynamiteAfterTheDraw.text).toMatch(/after the whole draw/);
  });
});

describe("step 4: one gold bar per turn", () => {
  /** A turn with no effect: one miner from the Saloon to a door without a sign. */
  function quietTurn(setup: (state: ReturnType<typeof emptyTable>) => void) {
    const state = emptyTable();
    put(state, "saloon", { miner: 1 });
    put(state, "B6", { builder: 1 });
    setup(state);
    return play(state, { type: "take", location: "saloon" }, { type: "start", space: "T2" });
  }

  it("takes the cheapest bar, and only one even when the gold would pay for two", () => {
    expect(RULINGS.oneBarPerTurn.source).toBe("data");
    const { state, events } = quietTurn((s) => {
      s.players[0]!.gold = 13;
    });
    expect(state.players[0]).toMatchObject({ gold: 7, bars: [6] });
    expect(state.bank).toEqual([6, 7, 7, 8, 8]);
    expect(state.bag.gold).toBe(36 + 6);
    expect(eventsOf(events, "barTaken")).toEqual([{ type: "barTaken", seat: 0, price: 6 }]);
  });

  it("must take the bar when the gold is exactly enough, without being asked", () => {
    const { state } = quietTurn((s) => {
      s.bank = [7, 7, 8, 8];
      s.players[0]!.gold = 7;
    });
    expect(state.players[0]).toMatchObject({ gold: 0, bars: [7] });
    expect(state.bank).toEqual([7, 8, 8]);
  });

  it("takes no bar when the gold is short, and never for a player whose turn it is not", () => {
    const { state, events } = quietTurn((s) => {
      s.players[0]!.gold = 5;
      s.players[1]!.gold = 20;
    });
    expect(state.players[0]).toMatchObject({ gold: 5, bars: [] });
    expect(state.players[1]).toMatchObject({ gold: 20, bars: [] });
    expect(state.bank).toHaveLength(6);
    expect(eventsOf(events, "barTaken")).toEqual([]);
  });
});

describe("rulings", () => {
  it("sends the meeples left in hand to the Saloon once no free space is left (RULINGS.overflowToSaloon)", () => {
    const state = emptyTable();
    goldOnlyBag(state);
    put(state, "saloon", { miner: 15 });
    state.spaces.SR = { meeple: "builder", controller: 1 };
    // 13 free spaces for 15 miners.
    const { state: after, events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T1" }, { type: "direction", direction: "cw" });
    expect(placedSpaces(events)).toHaveLength(13);
    expect(eventsOf(events, "overflowToSaloon")).toEqual([{ type: "overflowToSaloon", seat: 0, meeples: meeples({ miner: 2 }) }]);
    expect(after.locations.saloon).toEqual(meeples({ miner: 2 }));
    expect(after.turn.hand).toEqual(meeples());
    expect(prompt(after).kind).toBe("resolve");
  });

  it("draws what is left from a bag that runs empty, nothing more (RULINGS.emptyBagDrawsWhatIsLeft)", () => {
    const state = emptyTable();
    state.bag = { gold: 1, stone: 0, dynamite: 0 };
    state.signs.T4 = { owner: 0, points: 10 };
    put(state, "saloon", { miner: 1 });
    put(state, "B6", { builder: 1 });
    const { state: after, events } = play(state, { type: "take", location: "saloon" }, { type: "start", space: "T4" });
    expect(after.players[0]!.gold).toBe(1);
    expect(after.bag).toEqual({ gold: 0, stone: 0, dynamite: 0 });
    expect(eventsOf(events, "bagEmpty")).toEqual([{ type: "bagEmpty", seat: 0, missing: 3 }]);
  });
});

describe("illegal actions", () => {
  function midGame() {
    const state = emptyTable(3);
    put(state, "saloon", { miner: 2 });
    put(state, "T3", { robber: 1 });
    return state;
  }

  it("answers a seat that owes no decision with NOT_YOUR_TURN", () => {
    const state = midGame();
    expect(errorCode(state, 1, { type: "take", location: "saloon" })).toBe("NOT_YOUR_TURN");
    expect(errorCode(state, 7, { type: "take", location: "saloon" })).toBe("NOT_YOUR_TURN");
  });

  it("answers a known action that is not among the options with ILLEGAL_ACTION", () => {
    const state = midGame();
    expect(errorCode(state, 0, { type: "take", location: "jail" })).toBe("ILLEGAL_ACTION"); // the Jail is empty
    expect(errorCode(state, 0, { type: "take", location: "moon" })).toBe("ILLEGAL_ACTION");
    expect(errorCode(state, 0, { type: "direction", direction: "cw" })).toBe("ILLEGAL_ACTION"); // not asked now
    expect(errorCode(state, 0, { type: "take", location: "saloon", extra: 1 })).toBe("ILLEGAL_ACTION");
    const sowing = play(state, { type: "take", location: "T3" }).state;
    expect(errorCode(sowing, 0, { type: "direction", direction: "up" })).toBe("ILLEGAL_ACTION");
    const start = play(state, { type: "take", location: "saloon" }).state;
    const occupied = structuredClone(start);
    occupied.spaces.SL = { meeple: "builder", controller: 1 };
    expect(errorCode(occupied, 0, { type: "start", space: "SL" })).toBe("ILLEGAL_ACTION");
  });

  it("answers garbage with MALFORMED_ACTION and unknown types with UNKNOWN_ACTION", () => {
    const state = midGame();
    for (const garbage of [null, undefined, 42, "take", [], [{ type: "take" }], {}, { type: 3 }, { type: "take", location: () => "saloon" }]) {
      expect(errorCode(state, 0, garbage)).toBe("MALFORMED_ACTION");
    }
    expect(errorCode(state, 0, { type: "cheat" })).toBe("UNKNOWN_ACTION");
    expect(errorCode(state, 0, { type: "TAKE", location: "saloon" })).toBe("UNKNOWN_ACTION");
  });

  it("never changes the state it is given, whether the action is refused or accepted", () => {
    const state = midGame();
    const before = structuredClone(state);
    errorCode(state, 1, { type: "take", location: "saloon" });
    errorCode(state, 0, { type: "take", location: "jail" });
    errorCode(state, 0, { type: "cheat" });
    errorCode(state, 0, null);
    const accepted = fistful.apply(state, 0, { type: "take", location: "saloon" });
    expect(accepted.ok).toBe(true);
    expect(state).toEqual(before);
    // A whole turn with draws and an RNG that moves: the input stays as it was at every step.
    const drawing = midGame();
    drawing.signs.T4 = { owner: 0, points: 10 };
    const start = act(drawing, 0, { type: "take", location: "saloon" }).state;
    const startCopy = structuredClone(start);
    const sown = act(start, 0, { type: "start", space: "T4" }).state;
    expect(start).toEqual(startCopy);
    const sownCopy = structuredClone(sown);
    act(sown, 0, { type: "direction", direction: "cw" });
    expect(sown).toEqual(sownCopy);
  });
});
