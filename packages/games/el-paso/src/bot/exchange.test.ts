import { describe, expect, it } from "vitest";
import { currentPrompt } from "../prompts.ts";
import type { ElPasoState } from "../state.ts";
import { BREEDS } from "../data.ts";
import { beliefFromView, isPlaceholder } from "./belief.ts";
import { NextDeliveries } from "./deliveries.ts";
import { exchangeGain, keptGains, newExchangeGain } from "./exchange.ts";
import { NB, cattleIndex } from "./holdings.ts";
import { gameDecisions, recordedDecisions } from "./recorded-decisions.ts";
import { newSearch, trialsOf, tryOption } from "./search.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

describe("exchange gains kept across decisions", () => {
  it("are the gain found afresh, at every decision of seeded games and the trial states of their options", () => {
    const before = keptGains();
    let compared = 0;
    let nonZero = 0;
    const check = (search: ReturnType<typeof newSearch>, s: ElPasoState) => {
      const gain = exchangeGain(search, s);
      expect(gain).toBe(newExchangeGain(search, s, false));
      compared++;
      if (gain !== 0) nonZero++;
    };
    for (const [view, { seat }] of recordedDecisions("exchange-test", 3)) {
      const belief = beliefFromView(view, seat);
      const search = newSearch(belief, horizonAt(belief.state, seat), WEIGHTS);
      check(search, belief.state);
      const here = currentPrompt(belief.state);
      if (here?.seat === seat) {
        const trials = trialsOf(search, belief.state, here.options);
        for (let i = 0; i < here.options.length; i++) {
          const trial = tryOption(search, belief.state, trials, i);
          if (trial) check(search, trial.state);
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(nonZero).toBeGreaterThan(compared / 4);
    // The memo served some of them (else this checks nothing kept).
    expect(keptGains() - before).toBeGreaterThan(compared / 4);
  });

  it("differs when what it reads differs (certificates)", () => {
    let checked = 0;
    for (const [view, { seat }] of gameDecisions("exchange-test-certs", 2)) {
      if (checked >= 50) break;
      const belief = beliefFromView(view, seat);
      const search = newSearch(belief, { ...horizonAt(belief.state, seat), deliveries: 6 }, WEIGHTS);
      const s = belief.state;
      const me = s.players[seat]!;
      const gain = exchangeGain(search, s);
      if (gain !== 0 && me.certs === 0) {
        const richer: ElPasoState = { ...s, players: s.players.map((p, i) => (i === seat ? { ...me, certs: 4 } : p)) };
        const other = exchangeGain(search, richer);
        expect(other).toBe(newExchangeGain(search, richer, false));
        if (other !== gain) checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("is the expectation worked out with every next delivery's worth found afresh", () => {
    // newExchangeGain keeps each worth for one gain by the breeds in the hand (exchange.ts
    // worthOf): against the plain expectation, with no worth kept at all.
    let compared = 0;
    for (const [view, { seat }] of recordedDecisions("exchange-plain", 2)) {
      const belief = beliefFromView(view, seat);
      const horizon = horizonAt(belief.state, seat);
      const search = newSearch(belief, horizon, WEIGHTS);
      const s = belief.state;
      const me = s.players[seat]!;
      const hand = new Array<number>(NB).fill(0);
      let cards = 0;
      for (const card of me.hand) {
        if (isPlaceholder(card)) continue;
        hand[cattleIndex(card)]!++;
        cards++;
      }
      const pool = BREEDS.map((b) => belief.drawCattle[b] ?? 0);
      if (pool.every((n) => n === 0)) for (const card of me.discard) if (!card.startsWith("W-")) pool[cattleIndex(card)]!++;
      const total = pool.reduce((a, b) => a + b, 0);
      if (total === 0 || cards === 0) continue;
      const next = new NextDeliveries(belief, s, horizon, WEIGHTS);
      let expected = 0;
      for (let b = 0; b < NB; b++) {
        if (pool[b] === 0) continue;
        hand[b]!++;
        let best = -Infinity;
        for (let drop = 0; drop < NB; drop++) {
          if (hand[drop] === 0) continue;
          hand[drop]!--;
          best = Math.max(best, next.worth(hand, cards));
          hand[drop]!++;
        }
        hand[b]!--;
        expected += (pool[b]! / total) * best;
      }
      expect(newExchangeGain(search, s, false)).toBe(expected - next.worth(hand, cards));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});

