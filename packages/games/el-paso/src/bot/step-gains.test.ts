import { describe, expect, it } from "vitest";
import { currentPrompt } from "../prompts.ts";
import type { ElPasoState } from "../state.ts";
import { type Decision, recordedDecisions } from "./recorded-decisions.ts";
import { beliefFromView } from "./belief.ts";
import { closesQuietly, endsTurnQuietly, judged, newSearch, pruned, settle, stillMyTurn, trialsOf, tryOption } from "./search.ts";
import { StepGains } from "./step-gains.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

/** The bot's move decisions of a few seeded games (2, 3 and 4 players), as its view and prompt. */
function moves(games: number): Decision[] {
  return recordedDecisions("step-gains-test", games, (_, prompt) => prompt.kind === "move");
}

describe("options valued without their trials", () => {
  it("values each such option (printed actions, an auxiliary action, a done that closes a frame) exactly as its trial is judged", () => {
    // Every frame of printed actions the trials of a move's destinations reach, three steps deep:
    // locations' actions, and the frames a train card or a post's reward opens.
    const kinds = new Map<string, number>();
    let needTrial = 0;
    for (const [view, prompt] of moves(4)) {
      const belief = beliefFromView(view, prompt.seat);
      const search = newSearch(belief, horizonAt(belief.state, belief.seat), WEIGHTS);
      const seen = new Set<ElPasoState>();
      const walk = (s: ElPasoState, depth: number): void => {
        if (seen.has(s) || depth > 3 || !stillMyTurn(search, s)) return;
        seen.add(s);
        const here = currentPrompt(s);
        if (!here) return;
        const top = s.stack.at(-1);
        const trials = trialsOf(search, s, here.options);
        const keep = pruned(here.options, s);
        const light = top?.kind === "actions" ? new StepGains(search, s, top, s.stack[0]!.kind === "actions" && endsTurnQuietly(search, s)) : null;
        here.options.forEach((option, i) => {
          if ((keep !== null && !keep[i]) || option.type === "exchange" || option.type === "bonus") return;
          const gain = light?.of(option);
          const trial = tryOption(search, s, trials, i);
          if (trial) walk(trial.state, depth + 1);
          if (option.type === "done" && closesQuietly(s)) {
            expect(trial).not.toBeNull();
            expect(judged(search, settle(search, trial!.state, s.stack.length)) + trial!.bonus).toBe(judged(search, s));
            kinds.set(`done over ${s.stack.at(-2)!.kind}`, (kinds.get(`done over ${s.stack.at(-2)!.kind}`) ?? 0) + 1);
          }
          if (light === null || top?.kind !== "actions") return;
          if (gain === undefined) {
            needTrial++;
            return;
          }
          expect(trial).not.toBeNull();
          expect(judged(search, s) + gain).toBeCloseTo(judged(search, settle(search, trial!.state, s.stack.length)) + trial!.bonus, 9);
          const key = option.type === "aux" ? `aux ${option.aux}` : top.specs[(option as { i: number }).i]!.t;
          kinds.set(key, (kinds.get(key) ?? 0) + 1);
        });
      };
      const state = belief.state;
      const trials = trialsOf(search, state, prompt.options);
      prompt.options.forEach((o, i) => {
        if (o.type !== "move") return;
        const trial = tryOption(search, state, trials, i);
        if (trial) walk(trial.state, 0);
      });
    }
    for (const kind of ["aux 1", "aux 2", "GAIN_MONEY", "GAIN_CERT", "GAIN_TOKEN", "DISCARD_CATTLE", "done over actions"]) expect(kinds.get(kind) ?? 0).toBeGreaterThan(10);
    // The others (a hire, a purchase, a building, the last action of a frame, ...) keep their trials.
    expect(needTrial).toBeGreaterThan(100);
  }, 120_000);
});
