import { describe, expect, it } from "vitest";
import { beliefFromView } from "./belief.ts";
import { bonusBeforeDelivery } from "./index.ts";
import { recordedDecisions } from "./recorded-decisions.ts";
import { sameValue } from "./reuse.ts";
import { ENDS_TURN, greedyStep, judged, newSearch, settle, trialsOf, tryOption } from "./search.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

describe("a worker bonus offered with a delivery", () => {
  it("is valued as trying it and playing the delivery step again finds, wherever that step takes the same delivery", () => {
    let bonuses = 0;
    let same = 0;
    for (const [view, prompt] of recordedDecisions("bonus-test", 9, (_, p) => p.kind === "deliver" && p.options.some((o) => o.type === "bonus"))) {
      const belief = beliefFromView(view, prompt.seat);
      const search = newSearch(belief, horizonAt(belief.state, belief.seat), WEIGHTS);
      const state = belief.state;
      const trials = trialsOf(search, state, prompt.options);
      for (let i = 0; i < prompt.options.length; i++) {
        const option = prompt.options[i]!;
        if (option.type !== "bonus") continue;
        const value = bonusBeforeDelivery(search, state, trials, option.worker);
        if (value === null) continue;
        // How it was valued before 7 Dec 2026: the bonus tried, the delivery step played again from it.
        const trial = tryOption(search, state, trials, i)!;
        const replayed = settle(search, trial.state, state.stack.length);
        const delivery = greedyStep(search, state);
        if (delivery === null || delivery === ENDS_TURN) throw new Error("valued without a delivery");
        bonuses++;
        const me = replayed.players[prompt.seat]!;
        if (sameValue(replayed.posts, delivery.posts) && sameValue(me.discs, delivery.players[prompt.seat]!.discs)) {
          expect(value).toBeCloseTo(judged(search, replayed), 9);
          same++;
        }
      }
    }
    // Measured: 49 of 62 bonuses (9 games) take the same delivery after the bonus as without it;
    // the others (a builder's certificate reaching a further post, a post's reward ranked anew)
    // differ by ~0.9 VP each. The bot with this valuation won 50.0 % of 2,400 2-player and
    // 49.3 % of 800 4-player games against the one that played the step again (bot/index.ts).
    expect(bonuses).toBeGreaterThan(40);
    expect(same / bonuses).toBeGreaterThan(0.7);
  }, 120_000);
});
