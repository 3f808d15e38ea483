import { describe, expect, it } from "vitest";
import { currentPrompt } from "../prompts.ts";
import type { ElPasoState } from "../state.ts";
import { beliefFromView } from "./belief.ts";
import { exchangeGain, keptGains, newExchangeGain } from "./exchange.ts";
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
});
