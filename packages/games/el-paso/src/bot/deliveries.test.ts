import { describe, expect, it } from "vitest";
import type { ElPasoState, PlayerState } from "../state.ts";
import { type Decision, recordedDecisions } from "./recorded-decisions.ts";
import { beliefFromView } from "./belief.ts";
import { postFacts } from "./board.ts";
import { NextDeliveries, deliveriesValue, forgetDeliveries, nextDeliveryValue } from "./deliveries.ts";
import { NB, holdings } from "./holdings.ts";
import { type Horizon, WEIGHTS, horizonAt } from "./weights.ts";

/** The bot's decisions of a few seeded games (2, 3 and 4 players), as its view and prompt. */
function decisions(games: number): Decision[] {
  return recordedDecisions("deliveries-test", games);
}

/** Every hand of up to `size` cards over a few breeds, as counts by breed index. */
function hands(size: number): number[][] {
  const out: number[][] = [];
  const breeds = [0, 3, 5, 7];
  const walk = (i: number, hand: number[], cards: number): void => {
    if (i === breeds.length) {
      out.push([...hand]);
      return;
    }
    for (let n = 0; n + cards <= size; n++) {
      hand[breeds[i]!] = n;
      walk(i + 1, hand, cards + n);
    }
    hand[breeds[i]!] = 0;
  };
  walk(0, new Array<number>(NB).fill(0), 0);
  return out;
}

describe("the deliveries to come, remembered", () => {
  it("are what they are worked out afresh, for every variant of hand, herd, certificates, discs, posts and deliveries asked in a row", () => {
    let compared = 0;
    const kept: number[] = [];
    const fresh: number[] = [];
    // A quarter of one game's decisions (each asks some 1,500 variants, and each afresh).
    for (const [view, prompt] of decisions(1).filter((_, i) => i % 4 === 0)) {
      const belief = beliefFromView(view, prompt.seat);
      const s = belief.state;
      const me = s.players[belief.seat]!;
      const own = holdings(belief, me);
      const hand = own.hand.slice();
      const herd = own.cattle.slice();
      const open = postFacts(s.posts, belief.seat).open;
      const closed = open.map((o, i) => o && i !== 3);
      // Each figure the value reads changed on its own: a key that left one out would give one
      // variant the value of another.
      const variants: [PlayerState, number[], number, number[], number, readonly boolean[]][] = [];
      // The discs: fewer, without D6 (hand size), without D5 (a permanent certificate), and two
      // sets of the same kinds that differ in hand size alone.
      const discSets = [me.discs, me.discs.slice(1), me.discs.filter((d) => d !== "D6"), me.discs.filter((d) => d !== "D5"), ["D1", "D5", "D6"], ["D1", "D5", "D7"]] as PlayerState["discs"][];
      // The tiles: as they are, a permanent certificate more, a duplicate more.
      const tileSets = [me.bonuses, [...me.bonuses, "BO01"], [...me.bonuses, "BO04"]];
      const firstHeld = hand.findIndex((n) => n > 0);
      for (const certs of [0, 1, 4]) {
        for (const discs of discSets) {
          for (const bonuses of tileSets) {
            const entry = { ...me, certs, discs, bonuses };
            for (const left of [0.5, 1, 2.5]) {
              for (const posts of [open, closed]) {
                variants.push([entry, hand, own.handCards, herd, left, posts]);
                const more = herd.slice();
                more[5]!++;
                variants.push([entry, hand, own.handCards, more, left, posts]);
                if (firstHeld < 0) continue;
                const less = hand.slice();
                less[firstHeld]!--;
                variants.push([entry, less, own.handCards - 1, herd, left, posts]);
              }
            }
          }
        }
      }
      for (const [entry, h, cards, cattle, left, posts] of variants) kept.push(deliveriesValue(belief, s, entry, h, cards, cattle, left, WEIGHTS, posts));
      forgetDeliveries();
      for (const [entry, h, cards, cattle, left, posts] of variants) {
        fresh.push(deliveriesValue(belief, s, entry, h, cards, cattle, left, WEIGHTS, posts));
        forgetDeliveries();
      }
      compared += variants.length;
    }
    expect(kept).toEqual(fresh);
    const remembered = new Set(fresh).size;
    expect(compared).toBeGreaterThan(20_000);
    // Different values among them: the variants matter.
    expect(remembered).toBeGreaterThan(1_000);
  }, 60_000);
});

describe("the next delivery of many hands (exchange.ts)", () => {
  it("is nextDeliveryValue, exactly, for every hand at recorded positions", () => {
    let compared = 0;
    let nonZero = 0;
    for (const [view, prompt] of decisions(3)) {
      const belief = beliefFromView(view, prompt.seat);
      const s = belief.state;
      // The decision's own horizon, and one with more deliveries left (the far end of a game's).
      const horizons: Horizon[] = [horizonAt(s, belief.seat), { ...horizonAt(s, belief.seat), deliveries: 6 }];
      for (const h of horizons) {
        const next = new NextDeliveries(belief, s, h, WEIGHTS);
        for (const hand of hands(4)) {
          const cards = hand.reduce((a, b) => a + b, 0);
          const value = nextDeliveryValue(belief, s, hand, cards, h, WEIGHTS);
          expect(next.worth(hand, cards)).toBe(value);
          compared++;
          if (value !== 0) nonZero++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(nonZero).toBeGreaterThan(compared / 2);
  }, 20_000); // every hand at hundreds of positions: 1.6 s alone, 5.6 s beside a full test run and benchmarks

  it("differs when the state it was made for differs (certificates, discs)", () => {
    const [view, prompt] = decisions(1).find(([v, p]) => v.players[p.seat]!.discs.length > 2)!;
    const belief = beliefFromView(view, prompt.seat);
    const s = belief.state;
    const h: Horizon = { ...horizonAt(s, belief.seat), deliveries: 6 };
    const hand = new Array<number>(NB).fill(0);
    hand[3] = 1;
    const me = s.players[belief.seat]!;
    const richer: ElPasoState = { ...s, players: s.players.map((p, i) => (i === belief.seat ? { ...me, certs: me.certs + 2 } : p)) };
    const before = new NextDeliveries(belief, s, h, WEIGHTS).worth(hand, 1);
    expect(new NextDeliveries(belief, richer, h, WEIGHTS).worth(hand, 1)).toBe(nextDeliveryValue(belief, richer, hand, 1, h, WEIGHTS));
    expect(new NextDeliveries(belief, richer, h, WEIGHTS).worth(hand, 1)).not.toBe(before);
  });
});

describe("the posts' facts per seat (board.ts)", () => {
  it("are each seat's own on one posts object, asked in turn", () => {
    const [view] = decisions(1).filter(([v]) => Object.values(v.posts).some((discs) => discs.length > 0)).at(-1)!;
    const posts = view.posts as ElPasoState["posts"];
    const fresh = (seat: number) => postFacts(Object.freeze({ ...posts }) as ElPasoState["posts"], seat);
    for (let round = 0; round < 2; round++) {
      for (let seat = 0; seat < view.players.length; seat++) {
        const facts = postFacts(posts, seat);
        expect(facts.seat).toBe(seat);
        expect({ ...facts }).toEqual({ ...fresh(seat) });
      }
    }
    const seats = view.players.map((_, seat) => postFacts(posts, seat));
    expect(new Set(seats.map((f) => `${f.vp}/${f.open.join()}`)).size).toBeGreaterThan(1);
  });
});
