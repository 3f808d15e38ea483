import { describe, expect, it } from "vitest";
import { MARKET_BREEDS } from "../data.ts";
import { currentPrompt } from "../prompts.ts";
import { perform } from "../rules.ts";
import type { ElPasoState } from "../state.ts";
import { beliefFromView, freezeChanged, trialCopy } from "./belief.ts";
import { evaluate } from "./evaluate.ts";
import { frameResultSeen, resultSeen } from "./printed-results.ts";
import { recordedDecisions } from "./recorded-decisions.ts";
import { sameValue } from "./reuse.ts";
import { newSearch, pruned, stillMyTurn, trialsOf, tryOption } from "./search.ts";
import { WEIGHTS, horizonAt } from "./weights.ts";

const openBreeds = (s: ElPasoState): string[] => MARKET_BREEDS.filter((b) => s.market[b].length > 0);

describe("a hire, a purchase, a building and the frames they open valued without the rules' trial", () => {
  it("makes the state the evaluation reads as the rules' trial leaves it, and judges it the same", () => {
    // Every frame of printed actions the trials of a move's destinations reach, two steps deep, in
    // games of 2, 3 and 4 players: the options the greedy step values so.
    const kinds = new Map<string, number>();
    let closing = 0;
    for (const [view, prompt] of recordedDecisions("printed-results-test", 6, (_, p) => p.kind === "move" || p.kind === "actions")) {
      const belief = beliefFromView(view, prompt.seat);
      const search = newSearch(belief, horizonAt(belief.state, belief.seat), WEIGHTS);
      const seat = belief.seat;
      const seen = new Set<ElPasoState>();
      const walk = (s: ElPasoState, depth: number): void => {
        if (seen.has(s) || depth > 2 || !stillMyTurn(search, s)) return;
        seen.add(s);
        const here = currentPrompt(s);
        if (!here) return;
        const top = s.stack.at(-1);
        const trials = trialsOf(search, s, here.options);
        const keep = pruned(here.options, s);
        here.options.forEach((option, i) => {
          if ((keep !== null && !keep[i]) || option.type === "exchange" || option.type === "bonus" || option.type === "auxExchange") return;
          if (option.type === "move" || option.type === "train" || option.type === "act" || option.type === "hire") {
            // Into a destination, a train card's actions, and the frames an action opens (an
            // auxiliary action's, a second hire's).
            const trial = tryOption(search, s, trials, i);
            const opened = trial?.state.stack.at(-1)?.kind;
            if (trial && (option.type === "move" || option.type === "train" || opened === "aux" || opened === "hireSecond")) walk(trial.state, depth + 1);
            if (option.type !== "hire") return;
          }
          if ((top?.kind === "aux" && option.type === "aux") || (top?.kind === "hireSecond" && option.type === "hireSecond")) {
            const made = frameResultSeen(s, seat, option);
            const copy = trialCopy(s, seat);
            perform(copy, seat, option);
            freezeChanged(copy, s);
            if (made === null) {
              expect((option.type === "aux" && option.aux > 2) || s.stack.at(-2)?.kind !== "actions").toBe(true);
              return;
            }
            // Alone on the stack, or over the end of an El Paso visit, its close may end the turn: the rules'.
            expect(frameResultSeen({ ...s, stack: [top] }, seat, option)).toBeNull();
            expect(frameResultSeen({ ...s, stack: [{ kind: "elPasoFinish", endsGameForPlayer: false }, top] } as ElPasoState, seat, option)).toBeNull();
            // The frame closed or stayed, and the frame of actions below is what the rules left on top.
            expect(stillMyTurn(search, copy)).toBe(true);
            expect(copy.stack.at(-1)?.kind === top.kind || copy.stack.at(-1)?.kind === "actions").toBe(true);
            expect(sameValue(made.players[seat], copy.players[seat])).toBe(true);
            expect(evaluate(belief, made, search.horizon, WEIGHTS)).toBe(evaluate(belief, copy, search.horizon, WEIGHTS));
            const key = option.type === "aux" ? `aux ${option.aux}` : option.type;
            kinds.set(key, (kinds.get(key) ?? 0) + 1);
            return;
          }
          if (top?.kind !== "actions" || (option.type !== "hire" && option.type !== "buy" && option.type !== "build")) return;
          const made = resultSeen(s, seat, top, option);
          const copy = trialCopy(s, seat);
          perform(copy, seat, option);
          freezeChanged(copy, s);
          if (made === null) {
            // Only the frame's last action (it closes) and a hire that opens a second one need the rules.
            const left = top.used.filter((used, j) => !used && j !== option.i).length;
            expect(left === 0 || copy.stack.at(-1)?.kind === "hireSecond").toBe(true);
            closing++;
            return;
          }
          // The trial's frame is still the one on top: nothing after the option is left to the rules.
          expect(copy.stack.length).toBe(s.stack.length);
          expect(copy.stack.at(-1)?.kind).toBe("actions");
          expect(sameValue(made.players[seat], copy.players[seat])).toBe(true);
          expect(sameValue(made.board, copy.board)).toBe(true);
          expect(Object.keys(made.board)).toEqual(Object.keys(copy.board));
          // The evaluation reads which breeds the market still offers; the counts say it is the rules' market.
          expect(openBreeds(made)).toEqual(openBreeds(copy));
          for (const breed of MARKET_BREEDS) expect(made.market[breed].length).toBe(copy.market[breed].length);
          for (let j = 0; j < s.players.length; j++) if (j !== seat) expect(made.players[j]).toBe(copy.players[j]);
          expect(made.posts).toBe(copy.posts);
          expect(evaluate(belief, made, search.horizon, WEIGHTS)).toBe(evaluate(belief, copy, search.horizon, WEIGHTS));
          const key = option.type === "build" ? (s.board[option.node] ? "upgrade" : "build") : option.type === "buy" && option.wild > 0 ? "buy wild" : option.type;
          kinds.set(key, (kinds.get(key) ?? 0) + 1);
        });
      };
      walk(belief.state, prompt.kind === "move" ? 0 : 1);
    }
    // Measured: 458 hires, 118 purchases and 148 with wild cowboys, 700 buildings, 179 upgrades (6 games).
    for (const kind of ["hire", "buy", "buy wild", "build", "upgrade"]) expect(kinds.get(kind) ?? 0).toBeGreaterThan(50);
    // Measured: 174 auxiliary actions of money, 107 of a certificate, 422 second hires.
    for (const kind of ["aux 1", "aux 2", "hireSecond"]) expect(kinds.get(kind) ?? 0).toBeGreaterThan(50);
    expect(closing).toBeGreaterThan(20);
  }, 120_000);
});
