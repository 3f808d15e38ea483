import { describe, expect, it } from "vitest";
import { OBJECTIVE_IDS } from "../data.ts";
import type { ElPasoState } from "../state.ts";
import { type Belief, beliefFromView } from "./belief.ts";
import { boardFacts, buildingUse, postFacts, workersUse } from "./board.ts";
import { deliveriesValue } from "./deliveries.ts";
import { evaluateSeat } from "./evaluate.ts";
import { holdings } from "./holdings.ts";
import { gameDecisions } from "./recorded-decisions.ts";
import { knownObjectivesValue, objectivesValue } from "./objectives.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

/** The last decision of a seeded 3-player game with two objectives or more: a belief with objectives, buildings and discs out. */
function latePosition(): { belief: Belief; s: ElPasoState } {
  const [view, prompt] = gameDecisions("memo-test", 3, (v, p) => v.players[p.seat]!.objectives.length >= 2).at(-1)!;
  const belief = beliefFromView(view, prompt.seat);
  return { belief, s: belief.state };
}

// The one-entry caches of the evaluation's parts (board.ts, objectives.ts): asked about one input,
// then another, then the first again, each answer must be the one found afresh for its input.
describe("the evaluation's last-entry caches", () => {
  const { belief, s } = latePosition();
  const seat = belief.seat;

  it("the market's openness follows the market asked about", () => {
    const own = holdings(belief, s.players[seat]!);
    const types = boardFacts(s.board, seat).types;
    const open = s.market;
    const empty = Object.freeze({ ANG: Object.freeze([]), COR: Object.freeze([]), SHO: Object.freeze([]), HER: Object.freeze([]) }) as unknown as ElPasoState["market"];
    // Unfrozen copies are never kept: their answer is the fresh one.
    const fresh = (market: ElPasoState["market"]) => workersUse({ ...s, market: { ...market } }, own, types, WEIGHTS);
    const withOpen = workersUse(s, own, types, WEIGHTS);
    const withEmpty = workersUse({ ...s, market: empty }, own, types, WEIGHTS);
    expect(withOpen).toBe(fresh(open));
    expect(withEmpty).toBe(fresh(empty));
    expect(workersUse(s, own, types, WEIGHTS)).toBe(withOpen);
    expect(withEmpty).not.toBe(withOpen);
  });

  it("a building's use follows the building sides asked about", () => {
    const flipped = Object.freeze(Object.fromEntries(Object.entries(s.buildingSides).map(([k, v]) => [k, v === "a" ? "b" : "a"]))) as ElPasoState["buildingSides"];
    const fresh = (sides: ElPasoState["buildingSides"], type: 1 | 2 | 3 | 4 | 5 | 6) => buildingUse({ ...s, buildingSides: { ...sides } }, type);
    let differs = 0;
    for (const type of [1, 2, 3, 4, 5, 6] as const) {
      const a = buildingUse(s, type);
      const b = buildingUse({ ...s, buildingSides: flipped }, type);
      expect(a).toBe(fresh(s.buildingSides, type));
      expect(b).toBe(fresh(flipped, type));
      expect(buildingUse(s, type)).toBe(a);
      if (a !== b) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  /** What the objectives' value reads of the position, besides the tiles held and the horizon. */
  const me = s.players[seat]!;
  const own = holdings(belief, me);
  const { builders } = boardFacts(s.board, seat);
  const { discs10, discs16 } = postFacts(s.posts, seat);
  const h = horizonAt(s, seat);

  it("the objectives' value follows the tiles held, two or more", () => {
    const held = [...me.objectives];
    const value = (tiles: string[]) => knownObjectivesValue(tiles, own, builders, discs10, discs16, h, WEIGHTS);
    const fresh = (tiles: string[]) => objectivesValue(tiles, own, builders, discs10, discs16, h, WEIGHTS, false);
    // The last tile swapped for one not held that is worth otherwise here.
    const swap = OBJECTIVE_IDS.find((id) => !held.includes(id) && fresh([...held.slice(0, -1), id]) !== fresh(held))!;
    const other = [...held.slice(0, -1), swap];
    const a = value(held);
    const b = value(other);
    expect(a).toBe(fresh(held));
    expect(b).toBe(fresh(other));
    // The same tiles in a new list (a trial's copy) find the same value.
    expect(value([...held])).toBe(a);
    expect(a).not.toBe(b);
  });

  it("the objectives' value follows the horizon's turns and deliveries, kept across decisions", () => {
    const later = { ...h, turns: Math.max(0, h.turns - 3), deliveries: Math.max(0, h.deliveries - 2) };
    const worth = (tiles: string[], hz: typeof h) => objectivesValue(tiles, own, builders, discs10, discs16, hz, WEIGHTS, false);
    // The seat's tiles and one more, unmet, whose hope the time left changes.
    const extra = OBJECTIVE_IDS.find((id) => !me.objectives.includes(id) && worth([...me.objectives, id], h) !== worth([...me.objectives, id], later))!;
    const held = [...me.objectives, extra];
    const value = (hz: typeof h) => knownObjectivesValue(held, own, builders, discs10, discs16, hz, WEIGHTS);
    const fresh = (hz: typeof h) => worth(held, hz);
    const a = value(h);
    // Another decision's horizon with the same figures: the memo serves it.
    expect(value({ ...h })).toBe(a);
    const b = value(later);
    expect(a).toBe(fresh(h));
    expect(b).toBe(fresh(later));
    expect(b).not.toBe(a);
    expect(value(h)).toBe(a);
  });

  it("the discs' bits and delivery figures follow the discs and tiles asked about", () => {
    const posts = postFacts(s.posts, seat);
    // The seat's discs and tiles, and others: fewer discs (one delivered), a permanent certificate and a duplicate tile, every disc.
    const variants = [
      { discs: me.discs, bonuses: me.bonuses },
      { discs: Object.freeze(me.discs.slice(1)) as typeof me.discs, bonuses: me.bonuses },
      { discs: me.discs, bonuses: Object.freeze(["BO01", "BO04"]) as unknown as string[] },
      { discs: Object.freeze(["D1", "D2", "D3", "D4", "D5", "D6", "D7"]) as unknown as typeof me.discs, bonuses: me.bonuses },
    ];
    const own = holdings(belief, me);
    const [hand, herd] = [own.hand.slice(), own.cattle.slice()];
    // A horizon early enough that the discs' abilities count (this position's is near the end).
    const early = { ...h, invest: 1 };
    const answers = (entry: typeof me) => `${evaluateSeat(belief, s, entry, posts, early, WEIGHTS)}/${deliveriesValue(belief, s, entry, hand, own.handCards, herd, 2, WEIGHTS)}`;
    // Unfrozen copies of the lists are never kept: their answers are the fresh ones.
    const fresh = variants.map((v) => answers({ ...me, discs: [...v.discs], bonuses: [...v.bonuses] }));
    // The frozen lists asked in a row, twice over: each answer the fresh one of its lists.
    for (const round of [0, 1]) for (let k = 0; k < variants.length; k++) expect(answers({ ...me, ...variants[k]! })).toBe(fresh[k]);
    const seen = new Set(fresh);
    // The variants are told apart, or this proves little.
    expect(seen.size).toBeGreaterThan(2);
  });

  it("the discard pile's counts follow the pile asked about, two kept", () => {
    const copy = (o: ReturnType<typeof holdings>) => JSON.stringify(o);
    // The seat's pile, one card fewer, one more (a purchase's), and an empty one.
    const piles = [me.discard, Object.freeze(me.discard.slice(1)), Object.freeze([...me.discard, "C-HER-01"]), Object.freeze([])] as (typeof me.discard)[];
    // Unfrozen copies are never kept: their counts are the fresh ones.
    const fresh = piles.map((discard) => copy(holdings(belief, { ...me, discard: [...discard] })));
    for (const order of [[0, 1, 0, 1, 2, 3, 2, 0], [3, 3, 1, 2, 1, 0]]) for (const k of order) expect(copy(holdings(belief, { ...me, discard: piles[k]! }))).toBe(fresh[k]);
    expect(new Set(fresh).size).toBe(4);
  });
});
