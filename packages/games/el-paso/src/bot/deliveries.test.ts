import { describe, expect, it } from "vitest";
import type { ElPasoState } from "../state.ts";
import { type Decision, recordedDecisions } from "./recorded-decisions.ts";
import { beliefFromView } from "./belief.ts";
import { postFacts } from "./board.ts";
import { NextDeliveries, nextDeliveryValue } from "./deliveries.ts";
import { NB } from "./holdings.ts";
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
