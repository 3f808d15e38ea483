/** Sue's turn, one test per rule of the rulebook's "Solo Variant" (and the data file's §11.3). */
import { type LogEvent, createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import {
  BONUS_IDS,
  BONUSES,
  BREED_DATA,
  BUILDING_SPACES,
  EL_PASO,
  NODES,
  type NodeId,
  OBJECTIVE_IDS,
  OBJECTIVES,
  POST_DATA,
  type PostId,
  SPACE_COST,
  SUCCESSORS,
  SUE_DELIVERIES,
  TRAIN_ACTIONS,
  type TrainCard,
  WORKER_VP,
} from "./data.ts";
import { elPaso } from "./index.ts";
import type { ElPasoState } from "./state.ts";
import { closestClockwise } from "./sue-turn.ts";
import { sueWorkerCounts } from "./sue.ts";
import {
  BEFORE_EL_PASO,
  FORKS,
  isLocation,
  nextLocations,
  setDisplays,
  setSueWorkers,
  soloStarted,
  spacesAhead,
  stackSupply,
  standingPlaces,
  sue,
  sueSteps,
  sueTurn,
  sueWholeTurn,
} from "./sue-test-helpers.ts";
import { scoreBreakdown } from "./scoring.ts";
import { act, conservationProblems, errorCode, eventsOf, giveTile, placeBuilding, prompt } from "./test-helpers.ts";

const base = () => soloStarted(3, "sue-rules");
/** Sue's turn with `card` from `at`, played up to and including the action step. */
function played(card: string, at: NodeId, prepare?: (state: ElPasoState) => void) {
  const state = sueTurn(base(), { card, at });
  prepare?.(state);
  const result = sueSteps(state, 3);
  expect(conservationProblems(result.state)).toEqual([]);
  return result;
}
const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe("her turn is a series of steps", () => {
  it("draw, move, action (and El Paso there), each a prompt to her seat with one option that carries nothing", () => {
    let state = sueTurn(base(), { card: "A2", at: BEFORE_EL_PASO });
    const kinds: unknown[] = [];
    while (state.active === 1) {
      const p = prompt(state);
      expect(p.options).toEqual([{ type: "sueStep" }]);
      kinds.push(p.context!.step);
      state = sueSteps(state, 1).state;
    }
    expect(kinds).toEqual(["draw", "move", "action", "elPaso"]);
    expect(prompt(state).seat).toBe(0);
    expect(sueWholeTurn(sueTurn(base(), { card: "A2", at: "T00" })).steps).toBe(3);
  });
  it("the person cannot play her steps, nobody plays them outside her turn, and her bot answers with the one option", () => {
    const state = sueTurn(base(), { card: "A2" });
    expect(errorCode(state, 0, { type: "sueStep" })).toBe("NOT_YOUR_TURN");
    expect(errorCode(base(), 0, { type: "sueStep" })).toBe("ILLEGAL_ACTION");
    expect(errorCode(base(), 1, { type: "sueStep" })).toBe("NOT_YOUR_TURN");
    expect(errorCode(elPaso.setup("multi", 2), 0, { type: "sueStep" })).toBe("ILLEGAL_ACTION");
    const p = prompt(state);
    expect(elPaso.bot(elPaso.view(state, 1), p, createRandom("any"))).toEqual({ type: "sueStep" });
  });
});

describe("the bot deck", () => {
  it("she draws the top card, face up; at the end of her turn it goes face up on her discard pile", () => {
    let state = sueTurn(base(), { card: "A3" });
    const deck = state.sue!.deck.length;
    const drawn = sueSteps(state, 1);
    state = drawn.state;
    expect(only(eventsOf(drawn.events, "sueDrew"))).toEqual({ type: "sueDrew", seat: 1, card: "A3", deckLeft: deck - 1 });
    expect(state.sue!.card).toBe("A3");
    expect(elPaso.view(state, 0).sue!.card).toBe("A3");
    state = sueWholeTurn(state).state;
    expect(state.sue!.card).toBeNull();
    expect(state.sue!.discard.at(-1)).toBe("A3");
  });
  it("reshuffles her discards into a new deck when the deck is empty at the start of her turn", () => {
    const state = sueTurn(base());
    const s = state.sue!;
    s.discard.push(...s.deck.splice(0));
    const all = [...s.discard].sort();
    const result = sueSteps(state, 1);
    expect(only(eventsOf(result.events, "sueReshuffled"))).toEqual({ type: "sueReshuffled", seat: 1, cards: all.length });
    const after = result.state.sue!;
    expect(after.discard).toEqual([]);
    expect([after.card!, ...after.deck].sort()).toEqual(all);
    expect(conservationProblems(result.state)).toEqual([]);
    // The order comes from the game's RNG: the same state shuffles the same way.
    expect(sueSteps(state, 1).state.sue!.deck).toEqual(after.deck);
    // With cards left, nothing is reshuffled.
    expect(eventsOf(sueSteps(sueTurn(base()), 1).events, "sueReshuffled")).toEqual([]);
  });
});

describe("movement", () => {
  const moved = (events: LogEvent[]) => only(eventsOf(events, "sueMoved"));
  it("one step per location, passed or reached; empty spaces cost nothing", () => {
    const table = base();
    for (const at of standingPlaces(table)) {
      for (const card of ["A1", "A2", "A3"]) {
        const { state, events } = played(card, at);
        const move = moved(events);
        const route = move.route as NodeId[];
        expect(route).toHaveLength(move.stoppedInElPaso ? route.length : (move.steps as number));
        route.forEach((node, i) => expect(nextLocations(state, i === 0 ? at : route[i - 1]!).has(node), `${card} from ${at}: ${route}`).toBe(true));
        expect(sue(state).herder).toBe(route.at(-1));
      }
    }
  });
  it("at a fork: the branch with fewer locations at that moment, the inner one on a tie", () => {
    const seen = new Set<string>();
    for (const { fork, inner, outer } of FORKS) {
      const spaces = (nodes: NodeId[]) => nodes.filter((n) => BUILDING_SPACES.includes(n));
      for (let i = 0; i <= spaces(inner).length; i++) {
        for (let o = 0; o <= spaces(outer).length; o++) {
          const { state, events } = played("A1", fork, (s) => {
            // Up to two buildings each for the person and for Sue, of different types (two tiles a type).
            [...spaces(inner).slice(0, i), ...spaces(outer).slice(0, o)].forEach((node, k) => placeBuilding(s, node, (k + 1) as 1, k < 2 ? 0 : 1));
          });
          const count = (nodes: NodeId[]) => nodes.filter((n) => isLocation(state, n)).length;
          const kind = count(outer) < count(inner) ? "outer" : count(outer) === count(inner) ? "tie" : "inner";
          seen.add(kind);
          const chosen = kind === "outer" ? outer : inner;
          const first = moved(events).route as NodeId[];
          if (count(chosen) > 0) expect(first[0], `${fork}: ${kind}`).toBe(chosen.find((n) => isLocation(state, n)));
          else expect([...inner, ...outer], `${fork}: ${kind}`).not.toContain(first[0]);
        }
      }
    }
    expect([...seen].sort()).toEqual(["inner", "outer", "tie"]);
  });
  it("1 step per worker of the card's type, wilds added to that type included", () => {
    const { events } = played("A5", "T00", (s) => setSueWorkers(s, { COW: 1, ENG: 3, BLD: 1 }));
    expect(moved(events)).toMatchObject({ steps: 3, per: "ENG", workers: 3 });
    expect(moved(events).route).toHaveLength(3);
  });
  it("at least 1 step with no worker of that type (ruling A7/A28)", () => {
    const { events } = played("A4", "T00", (s) => setSueWorkers(s, { COW: 0, ENG: 1, BLD: 1 }));
    expect(moved(events)).toMatchObject({ steps: 1, per: "COW", workers: 0 });
    expect(moved(events).route).toHaveLength(1);
  });
  it("El Paso stops her", () => {
    const { state, events } = played("A3", BEFORE_EL_PASO);
    expect(moved(events)).toMatchObject({ route: ["T00"], to: "T00", stoppedInElPaso: true });
    expect(prompt(state).context!.step).toBe("elPaso");
  });
  it("where she ends does not matter, except El Paso: on a neutral building she only does her card", () => {
    const { state, events } = played("A1", "T00", (s) => stackSupply(s, ["ANG", "COR"]));
    expect(state.board[sue(state).herder as NodeId]?.kind).toBe("neutral");
    expect(events.map((e) => e.type)).toEqual(["sueDrew", "sueMoved", "sueDrewSupply", "sueDrewSupply", "turn"]);
    expect(sue(state).workers).toHaveLength(3);
    expect(sue(state).money).toBe(0);
  });
});

describe("supply draws", () => {
  it("cattle go to her cattle stack, workers to their type", () => {
    const { state, events } = played("A1", "T00", (s) => stackSupply(s, ["COR", "BLD"]));
    const drawn = eventsOf(events, "sueDrewSupply");
    expect(drawn.map((e) => [String(e.card).slice(0, 5), e.to, e.reason])).toEqual([["C-COR", "cattle", "card"], ["W-BLD", "BLD", "card"]]);
    expect(sue(state).discard.map((c) => c.slice(0, 5))).toEqual(["C-COR"]);
    expect(sueWorkerCounts(state)).toEqual({ COW: 1, ENG: 1, BLD: 2 });
    expect(elPaso.view(state, null).sue!.cattle).toEqual(sue(state).discard);
  });
  it("the rulebook's example: 2 cowboys, 4 engineers, 2 builders; the wild worker becomes a cowboy", () => {
    const { state, events } = played("A2", "T00", (s) => {
      setSueWorkers(s, { COW: 2, ENG: 4, BLD: 2 }, ["COW", "ENG", "BLD"]);
      stackSupply(s, ["WLD"]);
    });
    const wild = only(eventsOf(events, "sueDrewSupply"));
    expect(wild).toMatchObject({ to: "COW" });
    expect(state.sue!.wildAs[wild.card as string]).toBe("COW");
    expect(sueWorkerCounts(state)).toEqual({ COW: 3, ENG: 4, BLD: 2 });
    expect(elPaso.view(state, 0).sue!.workers.COW).toContain(wild.card);
  });
  it("the tie goes to the leftmost of the strategy row; the most workers under 4 wins", () => {
    const to = (counts: { COW: number; ENG: number; BLD: number }, strategy: ("COW" | "ENG" | "BLD")[]) =>
      only(
        eventsOf(
          played("A2", "T00", (s) => {
            setSueWorkers(s, counts, strategy);
            stackSupply(s, ["WLD"]);
          }).events,
          "sueDrewSupply",
        ),
      ).to;
    expect(to({ COW: 2, ENG: 4, BLD: 2 }, ["BLD", "ENG", "COW"])).toBe("BLD");
    expect(to({ COW: 1, ENG: 3, BLD: 1 }, ["COW", "ENG", "BLD"])).toBe("ENG");
    // Every type at 4 or more: the leftmost (ruling of the data file).
    expect(to({ COW: 4, ENG: 5, BLD: 4 }, ["ENG", "BLD", "COW"])).toBe("ENG");
  });
  it("a wild counts as its type for the rest of the game: her market reads 3 cowboys", () => {
    let state = sueTurn(base(), { card: "A2", at: "T00" });
    setSueWorkers(state, { COW: 2, ENG: 1, BLD: 1 }, ["COW", "ENG", "BLD"]);
    stackSupply(state, ["WLD"]);
    state = sueWholeTurn(state).state;
    const market = sueSteps(sueTurn(state, { card: "A8" }), 3);
    expect(only(eventsOf(market.events, "sueBoughtCattle"))).toMatchObject({ cowboys: 3 });
    expect(sue(market.state).discard.at(-1)!.slice(0, 5)).toBe("C-SHO");
  });
  it("with her supply deck empty, nothing happens", () => {
    const { state, events } = played("A1", "T00", (s) => {
      const supply = s.sue!.supply.splice(0);
      s.box.push(...supply.filter((c) => c.startsWith("C-")));
      for (const card of supply.filter((c) => c.startsWith("W-"))) s.workerSupply[card.slice(2, 5) as "COW"].push(card);
    });
    expect(eventsOf(events, "sueSupplyEmpty")).toHaveLength(1);
    expect(sue(state).workers).toHaveLength(3);
  });
});

describe("cattle market", () => {
  it.each([
    [1, "C-ANG"],
    [2, "C-COR"],
    [3, "C-SHO"],
    [4, "C-HER"],
    [6, "C-HER"],
  ])("%i cowboys: %s, to her cattle stack; she spends no cowboys and no money", (cowboys, breed) => {
    const { state, events } = played("A8", "T00", (s) => setSueWorkers(s, { COW: cowboys, ENG: 1, BLD: 1 }));
    const bought = only(eventsOf(events, "sueBoughtCattle"));
    expect(String(bought.card).slice(0, 5)).toBe(breed);
    expect(sue(state).discard).toEqual([bought.card]);
    expect(sueWorkerCounts(state).COW).toBe(cowboys);
    expect(sue(state).money).toBe(0);
  });
  it("a sold-out breed gives the next cheaper one still there; no cowboys, nothing", () => {
    const { events } = played("A8", "T00", (s) => {
      setSueWorkers(s, { COW: 4, ENG: 1, BLD: 1 });
      s.box.push(...s.market.HER.splice(0), ...s.market.SHO.splice(0));
    });
    expect(String(only(eventsOf(events, "sueBoughtCattle")).card).slice(0, 5)).toBe("C-COR");
    const none = played("A8", "T00", (s) => setSueWorkers(s, { COW: 0, ENG: 1, BLD: 1 }));
    expect(only(eventsOf(none.events, "sueNothing"))).toMatchObject({ action: "market", reason: "noCowboys" });
  });
});

describe("trains", () => {
  const train = (engineers: number, prepare?: (s: ElPasoState) => void) =>
    played("A5", "T00", (s) => {
      setSueWorkers(s, { COW: 1, ENG: engineers, BLD: 1 });
      prepare?.(s);
    });
  /** What Sue does with a train card (E): tiles, Corrientes, and a supply draw for a hire; nothing else. */
  const expected = (card: TrainCard, side: "F" | "S") => {
    const specs = TRAIN_ACTIONS[`${card}${side}`];
    return {
      tiles: specs.filter((a) => a.t === "GAIN_TILE").length,
      corrientes: specs.filter((a) => a.t === "GAIN_CATTLE" && a.breed === "COR").length,
      draws: specs.filter((a) => a.t === "HIRE").length,
    };
  };
  it.each([1, 2, 3, 4, 6])("%i engineers: the train card of that number (4 at most), front and ★ side, only its tiles, Corrientes and hires", (engineers) => {
    const card = Math.min(engineers, 4) as TrainCard;
    for (const side of ["F", "S"] as const) {
      const { state, events } = train(engineers, (s) => (s.trainSides[String(card)] = side));
      expect(only(eventsOf(events, "sueTookTrain"))).toMatchObject({ train: card, side, engineers });
      expect({
        tiles: eventsOf(events, "sueTookTile").length,
        corrientes: eventsOf(events, "sueTookCattle").filter((e) => String(e.card).startsWith("C-COR")).length,
        draws: eventsOf(events, "sueDrewSupply").filter((e) => e.reason === "train").length,
      }).toEqual(expected(card, side));
      // Certificates, tokens, money and moves on the card are ignored; she keeps her engineers.
      expect([sue(state).certs, sue(state).tokens, sue(state).money]).toEqual([0, 0, 0]);
      expect(sue(state).herder).toBe(only(eventsOf(events, "sueMoved")).to);
      expect(sueWorkerCounts(state).ENG).toBeGreaterThanOrEqual(engineers);
    }
    // Every train card gives her something (the data file's design rule for the solo bot).
    for (const side of ["F", "S"] as const) expect(Object.values(expected(card, side)).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
  it("no engineer: nothing", () => {
    expect(only(eventsOf(train(0).events, "sueNothing"))).toMatchObject({ action: "train", reason: "noEngineers" });
  });
});

describe("tiles", () => {
  const vp = (tile: string) => (tile.startsWith("OB") ? OBJECTIVES[tile]!.vp : BONUSES[tile]!.vp);
  const human = () => base().players[0]!.objectives[0];
  const pick = (ids: string[], test: (v: number) => boolean, n = 1) => ids.filter((t) => t !== human() && test(vp(t))).slice(0, n);
  /** Train card 3 (3 engineers) gives her a tile of any kind; this data must keep one on it. */
  const take = (bonuses: (string | null)[], objectives: (string | null)[]) => {
    expect(TRAIN_ACTIONS["3F"].some((a) => a.t === "GAIN_TILE" && a.kind === "ANY")).toBe(true);
    const { state, events } = played("A5", "T00", (s) => {
      setSueWorkers(s, { COW: 1, ENG: 3, BLD: 1 });
      setDisplays(s, bonuses, objectives);
    });
    return { state, event: only(eventsOf(events, "sueTookTile")) };
  };
  it("the most VP wins, wherever it lies", () => {
    const low = pick(BONUS_IDS, (v) => v <= 1)[0]!;
    const high = pick(OBJECTIVE_IDS, (v) => v > vp(low))[0]!;
    expect(take([low, null, null], [null, null, high]).event).toMatchObject({ tile: high, vp: vp(high), reason: "train" });
  });
  it("ties go to the leftmost: bonus slots come before objective slots, then slot order", () => {
    const shared = [...new Set(BONUS_IDS.map(vp))].find((v) => v > 0 && OBJECTIVE_IDS.some((t) => vp(t) === v))!;
    const bonus = pick(BONUS_IDS, (v) => v === shared)[0]!;
    const objective = pick(OBJECTIVE_IDS, (v) => v === shared)[0]!;
    expect(take([null, null, bonus], [objective, null, null]).event.tile).toBe(bonus);
    const twice = [...new Set(OBJECTIVE_IDS.map(vp))].find((v) => pick(OBJECTIVE_IDS, (u) => u === v, 2).length === 2)!;
    const [left, right] = pick(OBJECTIVE_IDS, (v) => v === twice, 2) as [string, string];
    expect(take([null, null, null], [null, left, right]).event.tile).toBe(left);
    expect(take([null, null, null], [null, right, left]).event.tile).toBe(right);
  });
  it("the emptied slot is refilled from its pile; a bonus tile gives her its VP, not its effect", () => {
    const oneTime = pick(BONUS_IDS, () => true, BONUS_IDS.length).find((t) => BONUSES[t]!.kind === "oneTime" && BONUSES[t]!.actions.some((a) => a.t === "GAIN_MONEY"))!;
    const before = sueTurn(base(), { card: "A5", at: "T00" });
    setSueWorkers(before, { COW: 1, ENG: 3, BLD: 1 });
    setDisplays(before, [oneTime, null, null], [null, null, null]);
    const next = before.bonPile[0];
    const { state } = sueSteps(before, 3);
    expect(state.bonDisplay).toEqual([next, null, null]);
    expect(sue(state).bonuses).toEqual([oneTime]);
    expect(sue(state).money).toBe(0);
    expect(state.stack.some((f) => f.kind === "actions" && f.source === oneTime)).toBe(false);
  });
});

describe("building", () => {
  const build = (builders: number, at: NodeId, prepare?: (s: ElPasoState) => void) =>
    played("A6", at, (s) => {
      setSueWorkers(s, { COW: 1, ENG: 1, BLD: builders });
      prepare?.(s);
    });
  /** The empty building spaces of the highest placement cost. */
  const dearest = (state: ElPasoState) => {
    const empty = BUILDING_SPACES.filter((n) => state.board[n] === undefined);
    const top = Math.max(...empty.map((n) => SPACE_COST[n]!));
    return empty.filter((n) => SPACE_COST[n] === top);
  };
  /** Two building spaces for placing pieces in a test, and two more. */
  const [x, y, z, w] = BUILDING_SPACES as [NodeId, NodeId, NodeId, NodeId];

  it("her first buildings: the type with as many builders as she has, on the most expensive empty space", () => {
    let state = sueTurn(base(), { card: "A6", at: "T00" });
    setSueWorkers(state, { COW: 1, ENG: 1, BLD: 3 });
    for (const _ of [1, 2]) {
      const [node] = dearest(state);
      expect(dearest(state), "this data has one dearest space").toHaveLength(1);
      const played = sueWholeTurn(state);
      expect(only(eventsOf(played.events, "sueBuilt"))).toMatchObject({ node, building: 3, builders: 3 });
      expect(played.state.board[node!]).toMatchObject({ kind: "building", type: 3, owner: 1 });
      state = sueTurn(played.state, { card: "A6", at: "T00" });
    }
    expect(sueWorkerCounts(state).BLD).toBe(3);
    expect(sue(state).money).toBe(0);
  });
  it("the largest type left in the display when hers is gone", () => {
    const { events } = build(3, "T00", (s) => {
      placeBuilding(s, x, 3, 0);
      placeBuilding(s, y, 3, 0);
    });
    expect(only(eventsOf(events, "sueBuilt"))).toMatchObject({ building: 2 });
  });
  it("equal costs: the space closest to her herder clockwise, counting every space and wrapping past El Paso", () => {
    // The dearest cost shared by two spaces; the dearer spaces (two at most, as here) taken by the person.
    const costs = [...new Set(BUILDING_SPACES.map((n) => SPACE_COST[n]!))].sort((a, b) => b - a);
    const shared = costs.find((c) => BUILDING_SPACES.filter((n) => SPACE_COST[n] === c).length >= 2)!;
    const dearer = BUILDING_SPACES.filter((n) => SPACE_COST[n]! > shared);
    expect(dearer.length).toBeLessThanOrEqual(2);
    const chosen = new Set<NodeId>();
    for (const at of standingPlaces(base())) {
      const { state, events } = build(1, at, (s) => dearer.forEach((n, k) => placeBuilding(s, n, (k + 4) as 4, 0)));
      const candidates = BUILDING_SPACES.filter((n) => SPACE_COST[n] === shared);
      const from = only(eventsOf(events, "sueMoved")).to as NodeId;
      const ahead = spacesAhead(from);
      const nearest = Math.min(...candidates.map((n) => ahead.get(n)!));
      const built = only(eventsOf(events, "sueBuilt")).node as NodeId;
      expect(candidates).toContain(built);
      expect(ahead.get(built), `from ${from}`).toBe(nearest);
      expect(state.board[built]).toMatchObject({ owner: 1 });
      chosen.add(built);
    }
    // Where she stood decided it: more than one of the tied spaces was chosen.
    expect(chosen.size).toBeGreaterThan(1);
  });
  it("closest clockwise: the next space first, wrapping past El Paso; the same distance: the inner branch, then the lower id", () => {
    const a = SUCCESSORS[EL_PASO][0]!;
    const b = SUCCESSORS[a][0]!;
    expect(closestClockwise(EL_PASO, [b, a])).toEqual([a, b]);
    expect(closestClockwise(a, [EL_PASO, b])).toEqual([b, EL_PASO]);
    for (const { fork, inner, outer } of FORKS) expect(closestClockwise(fork, [outer[0]!, inner[0]!])).toEqual([inner[0], outer[0]]);
    // Two nodes at the same distance, neither on an inner branch: the lower id first.
    const innerNodes = FORKS.flatMap((f) => f.inner);
    const ahead = spacesAhead(EL_PASO);
    const pair = NODES.filter((n) => !innerNodes.includes(n)).flatMap((n) => NODES.filter((m) => m > n && !innerNodes.includes(m) && ahead.get(m) === ahead.get(n)).map((m) => [n, m] as const))[0]!;
    expect(closestClockwise(EL_PASO, [pair[1], pair[0]])).toEqual([pair[0], pair[1]]);
  });
  it("with two buildings she upgrades one to the type her builders reach; the old tile goes back to its stack", () => {
    const { state, events } = build(4, "T00", (s) => {
      placeBuilding(s, x, 1, 1);
      placeBuilding(s, y, 5, 1);
    });
    expect(only(eventsOf(events, "sueUpgraded"))).toMatchObject({ node: x, from: 1, building: 4 });
    expect(state.buildingStacks["1"]).toHaveLength(2);
    expect(state.board[y]).toMatchObject({ type: 5 });
  });
  it("both can be upgraded: the one closest clockwise", () => {
    // Her buildings far apart: one on the first building space, one on the space farthest ahead of it.
    const ahead = spacesAhead(x);
    const far = BUILDING_SPACES.reduce((a, b) => (ahead.get(b)! > ahead.get(a)! ? b : a));
    const chosen = new Set<NodeId>();
    for (const at of standingPlaces(base())) {
      const { events } = build(4, at, (s) => {
        placeBuilding(s, x, 2, 1);
        placeBuilding(s, far, 1, 1);
      });
      const from = only(eventsOf(events, "sueMoved")).to as NodeId;
      const node = only(eventsOf(events, "sueUpgraded")).node as NodeId;
      const fromHere = spacesAhead(from);
      expect(fromHere.get(node)).toBe(Math.min(fromHere.get(x)!, fromHere.get(far)!));
      chosen.add(node);
    }
    expect(chosen.size).toBe(2);
  });
  it("both maxed out (type 6, or no higher type left): a Hereford; otherwise nothing", () => {
    const sixes = build(6, "T00", (s) => {
      placeBuilding(s, x, 6, 1);
      placeBuilding(s, y, 6, 1);
    });
    const hereford = only(eventsOf(sixes.events, "sueTookCattle"));
    expect(hereford).toMatchObject({ reason: "maxedOut" });
    expect(String(hereford.card).slice(0, 5)).toBe("C-HER");
    const noneHigher = build(5, "T00", (s) => {
      placeBuilding(s, x, 5, 1);
      placeBuilding(s, y, 5, 1);
      placeBuilding(s, z, 6, 0);
      placeBuilding(s, w, 6, 0);
    });
    expect(only(eventsOf(noneHigher.events, "sueTookCattle"))).toMatchObject({ reason: "maxedOut" });
    // Ruling A8: not maxed out, and her builders reach nothing higher: nothing.
    const stuck = build(2, "T00", (s) => {
      placeBuilding(s, x, 3, 1);
      placeBuilding(s, y, 3, 1);
    });
    expect(only(eventsOf(stuck.events, "sueNothing"))).toMatchObject({ action: "build", reason: "cannotBuild" });
    const soldOut = build(6, "T00", (s) => {
      placeBuilding(s, x, 6, 1);
      placeBuilding(s, y, 6, 1);
      s.box.push(...s.market.HER.splice(0));
    });
    expect(only(eventsOf(soldOut.events, "sueNothing"))).toMatchObject({ action: "hereford", reason: "soldOut" });
  });
  it("no builder: nothing", () => {
    expect(only(eventsOf(build(0, "T00").events, "sueNothing"))).toMatchObject({ action: "build", reason: "noBuilders" });
  });
  it("her building blocks the person: only an auxiliary action there", () => {
    const { state, events } = build(3, "T00");
    const node = only(eventsOf(events, "sueBuilt")).node as NodeId;
    const person = structuredClone(state);
    person.active = 0;
    person.players[0]!.herder = NODES.find((n) => SUCCESSORS[n].includes(node))!;
    person.stack = [{ kind: "move", max: 3, first: false }];
    const moved = elPaso.apply(person, 0, { type: "move", to: node });
    expect(moved.ok && moved.state.stack.at(-1)).toMatchObject({ kind: "actions", location: "auxOnly" });
  });
});

describe("the best of three", () => {
  it("the action of the worker type she has most of", () => {
    const { events } = played("A7", "T00", (s) => setSueWorkers(s, { COW: 3, ENG: 1, BLD: 2 }));
    expect(only(eventsOf(events, "sueChose"))).toMatchObject({ action: "market", worker: "COW", workers: 3 });
    expect(eventsOf(events, "sueBoughtCattle")).toHaveLength(1);
  });
  it("ties go to the leftmost of her strategy row", () => {
    const { events } = played("A7", "T00", (s) => setSueWorkers(s, { COW: 2, ENG: 2, BLD: 2 }, ["BLD", "COW", "ENG"]));
    expect(only(eventsOf(events, "sueChose"))).toMatchObject({ action: "build", worker: "BLD" });
    expect(eventsOf(events, "sueBuilt")).toHaveLength(1);
  });
});

describe("El Paso", () => {
  it("the card's action first, then a Simmental, then her delivery to post 7 with its reward; never the $5", () => {
    const state = sueTurn(base(), { card: "A1", at: BEFORE_EL_PASO });
    // The reward of post 7 is an objective tile (R): she takes the one with the most VP, the leftmost on a tie.
    expect(POST_DATA.P07.reward).toMatchObject({ t: "GAIN_TILE", kind: "OBJ" });
    const shown = state.objDisplay.filter((t): t is string => t !== null);
    const best = shown.reduce((a, b) => (OBJECTIVES[b]!.vp > OBJECTIVES[a]!.vp ? b : a));
    const simmentals = state.simmentals.length;
    const { state: after, events } = sueWholeTurn(state);
    expect(events.map((e) => e.type)).toEqual(["sueDrew", "sueMoved", "sueDrewSupply", "sueDrewSupply", "tookSimmental", "sueDelivered", "sueTookTile", "turn"]);
    expect(only(eventsOf(events, "sueDelivered"))).toMatchObject({ post: "P07", disc: "D2", reward: "GAIN_TILE" });
    expect(after.posts.P07).toEqual([{ seat: 1, disc: "D2" }]);
    expect(sue(after).objectives).toEqual([best]);
    expect(after.simmentals).toHaveLength(simmentals - 1);
    expect(sue(after).discard.at(-1)!.slice(0, 5)).toBe("C-SIM");
    expect(sue(after).money).toBe(0);
    expect(conservationProblems(after)).toEqual([]);
  });
  it("then the next higher post each time: 9, 10, 12, 16, 16 with their rewards; no disc left, no delivery", () => {
    let state = base();
    const deliveries: unknown[] = [];
    for (let visit = 0; visit < 7; visit++) {
      state = sueTurn(state, { card: "A1", at: BEFORE_EL_PASO });
      stackSupply(state, ["ANG", "COR", "COW"]);
      const { state: after, events } = sueWholeTurn(state);
      state = after;
      const delivered = eventsOf(events, "sueDelivered")[0];
      const rewards = events.filter((e) => (e.type === "sueTookTile" || e.type === "sueDrewSupply") && e.reason === "post").map((e) => e.type);
      deliveries.push(delivered ? [delivered.post, delivered.disc, rewards] : eventsOf(events, "noDisc").length);
      expect(conservationProblems(state)).toEqual([]);
    }
    // Objective rewards become tiles, worker rewards supply draws, anything else nothing.
    const rewardEvents = (post: PostId) => {
      const reward = POST_DATA[post].reward;
      return reward?.t === "GAIN_TILE" ? ["sueTookTile"] : reward?.t === "HIRE" ? ["sueDrewSupply"] : [];
    };
    expect(SUE_DELIVERIES).toEqual(["P07", "P09", "P10", "P12", "P16", "P16"]);
    expect(deliveries).toEqual([...SUE_DELIVERIES.map((post, i) => [post, `D${i + 2}`, rewardEvents(post)]), 1]);
    expect(sue(state).certs).toBe(0);
    expect(elPaso.view(state, null).sue!.nextPost).toBeNull();
  });
  it("she takes the last Simmental and triggers the end; with none left she takes the Simmental space and her game ends", () => {
    let state = base();
    state.box.push(...state.simmentals.splice(1));
    let turn = sueWholeTurn(sueTurn(state, { card: "A1", at: BEFORE_EL_PASO }));
    expect(eventsOf(turn.events, "endTriggered")).toHaveLength(1);
    expect(turn.state.end).toEqual({ triggered: true, simmSeat: null });
    turn = sueWholeTurn(sueTurn(turn.state, { card: "A2", at: BEFORE_EL_PASO }));
    expect(eventsOf(turn.events, "simmentalSpace")).toHaveLength(1);
    expect(eventsOf(turn.events, "sueDelivered")).toHaveLength(1);
    expect(sue(turn.state).herder).toBe("SIMM");
    // The person's final turn follows; then the game is over.
    expect(turn.state.active).toBe(0);
    let s = turn.state;
    const random = createRandom("person");
    while (!elPaso.isOver(s)) s = act(s, 0, elPaso.bot(elPaso.view(s, 0), prompt(s), random)).state;
    expect(s.active).toBe(0);
    expect(elPaso.scores(s)!.lines[1]!.breakdown.cattle).toBeGreaterThanOrEqual(2);
  });
  it("after the person takes the Simmental space she gets one more turn: El Paso without a Simmental, still a delivery", () => {
    const state = sueTurn(base(), { card: "A1", at: BEFORE_EL_PASO });
    state.box.push(...state.simmentals.splice(0));
    state.end = { triggered: true, simmSeat: 0 };
    state.players[0]!.herder = "SIMM";
    const { state: after, events } = sueWholeTurn(state);
    expect(eventsOf(events, "tookSimmental")).toEqual([]);
    expect(eventsOf(events, "simmentalSpace")).toEqual([]);
    expect(eventsOf(events, "sueDelivered")).toHaveLength(1);
    expect(elPaso.isOver(after)).toBe(true);
  });
});

describe("her score", () => {
  it("tallied as normal, with no points for money and every objective met", () => {
    let state = base();
    setSueWorkers(state, { COW: 1, ENG: 1, BLD: 1 }, ["COW", "ENG", "BLD"]);
    stackSupply(state, ["WLD"]);
    state = structuredClone(sueWholeTurn(sueTurn(state, { card: "A2", at: "T00" })).state);
    giveTile(state, 1, "OB18");
    giveTile(state, 1, "OB15");
    giveTile(state, 1, "BO19");
    sue(state).discard.push(state.market.HER.shift()!);
    // OB18 and OB15 need a Hereford and a Shorthorn, 8 builders and a disc on 10: she has none of that, yet both count.
    expect(scoreBreakdown(state, 1)).toEqual({
      money: 0,
      buildings: 0,
      posts: POST_DATA.P05.vp,
      workers: WORKER_VP.COW + WORKER_VP.ENG + WORKER_VP.BLD + WORKER_VP.WLD,
      cattle: BREED_DATA.HER.vp,
      bonuses: BONUSES.BO19!.vp,
      objectives: OBJECTIVES.OB18!.vp + OBJECTIVES.OB15!.vp,
    });
    expect(conservationProblems(state)).toEqual([]);
  });
});
