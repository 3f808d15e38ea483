/**
 * A move's destinations, each played out only when it may be the best (branch and bound). Every
 * arrival's first greedy step is made: it bounds what the turn played out from there can reach
 * (`upperBound`). The play-outs are made from the highest bound down, and a destination whose
 * bound is below the best play-out found by more than `SLACK` is not played out: it is taken not
 * to be the best (the bound is not strict: 2 % of arrivals play out above it by more than the
 * slack, and 98.5 % of moves choose as playing every destination out does; search.test.ts).
 * About two destinations of a move are not played out, but the first steps are most of a move's
 * trials: this saves ~5 % of all trial states (10.95 → 10.47 per action, 20 seeded 2-player
 * games; issue #14, 6 Dec 2026). A bound of printed actions made without the rules is what a
 * larger cut would need.
 */
import type { ElPasoState } from "../state.ts";
import { arrivalEstimate } from "./arrival.ts";
import { type Search, type Trials, complete, greedyStep, stillMyTurn, tryOption } from "./search.ts";

/**
 * VP by which a destination's estimate (arrival.ts) may fall short of the best play-out found and
 * the destination still be played out. Calibrated on the moves of 20 seeded games (2 and 4
 * players, 1,010 moves, each destination also played out): with 1 VP the destinations played
 * out choose the best of all in 95.9 % of moves and lose 0.025 VP a move of the bot's own
 * judgement, 2.2 destinations played out of 4.1; the first-step bound this replaced (0.3 VP of
 * slack) chose it in 95.9 % and lost 0.042 VP, every destination's first step made.
 */
const MARGIN = 1;

/** The value of each destination of a move by option index (-Infinity: not a destination). */
export function moveValues(search: Search, state: ElPasoState, trials: Trials, keep: boolean[] | null): number[] {
  const options = trials.options;
  const values: number[] = [];
  const estimates: { i: number; estimate: number }[] = [];
  for (let i = 0; i < options.length; i++) {
    values.push(-Infinity);
    if ((keep !== null && !keep[i]) || options[i]!.type !== "move") continue;
    const trial = tryOption(search, state, trials, i);
    if (!trial) continue;
    // Where the estimate does not apply, the first step's bound (as exact as it is).
    const estimate = arrivalEstimate(search, trial.state) ?? upperBound(search, trial.state);
    estimates.push({ i, estimate: estimate + trial.bonus });
  }
  estimates.sort((a, b) => b.estimate - a.estimate || a.i - b.i);
  let best = -Infinity;
  for (const { i, estimate } of estimates) {
    if (estimate + MARGIN < best) {
      values[i] = estimate;
      continue;
    }
    const trial = trials.made[i]!;
    values[i] = complete(search, trial.state) + trial.bonus;
    if (values[i]! > best) best = values[i]!;
  }
  return values;
}

/**
 * At most what `complete` finds from `s`, or exactly it where `s` is not a frame of printed
 * actions. The greedy play-out takes one option after another, each the best of its step, and
 * ends on a closing step (an auxiliary action instead of the actions, done): so it reaches at
 * most the best closing step, or a printed action plus what each other printed action gains on
 * its own over doing nothing more (a spent dollar or card is not there for the next one).
 */
export function upperBound(search: Search, s: ElPasoState): number {
  if (!stillMyTurn(search, s) || s.stack.at(-1)?.kind !== "actions") return complete(search, s);
  greedyStep(search, s);
  const step = search.stepValues.get(s);
  if (step === undefined) return complete(search, s);
  const { options, values } = step;
  let base = -Infinity;
  for (let i = 0; i < options.length; i++) if (options[i]!.type === "done") base = values[i]!;
  if (base === -Infinity) return complete(search, s);
  // The best gain of each printed action (by its index in the frame) over doing nothing more.
  const gain: number[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (!("i" in o) || values[i] === -Infinity) continue;
    const d = values[i]! - base;
    if (d > (gain[o.i] ?? 0)) gain[o.i] = d;
  }
  let total = 0;
  for (const g of gain) if (g !== undefined) total += g;
  let bound = base;
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (values[i] === -Infinity) continue;
    const v = "i" in o ? values[i]! + total - (gain[o.i] ?? 0) : values[i]!;
    if (v > bound) bound = v;
  }
  return bound;
}
