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
import { type Search, type Trials, complete, stepValuesAt, stillMyTurn, tryOption } from "./search.ts";

/**
 * VP by which a bound may fall short of its play-out: printed actions that help each other
 * (money from a discard paying for a purchase) can make a play-out worth more than the sum of
 * their gains alone.
 */
const SLACK = 0.3;

/** The value of each destination of a move by option index (-Infinity: not a destination). */
export function moveValues(search: Search, state: ElPasoState, trials: Trials, keep: boolean[] | null): number[] {
  const options = trials.options;
  const values: number[] = [];
  const bounds: { i: number; bound: number }[] = [];
  for (let i = 0; i < options.length; i++) {
    values.push(-Infinity);
    if ((keep !== null && !keep[i]) || options[i]!.type !== "move") continue;
    const trial = tryOption(search, state, trials, i);
    if (!trial) continue;
    bounds.push({ i, bound: upperBound(search, trial.state) + trial.bonus });
  }
  bounds.sort((a, b) => b.bound - a.bound || a.i - b.i);
  let best = -Infinity;
  for (const { i, bound } of bounds) {
    if (bound + SLACK < best) {
      values[i] = bound;
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
  const step = stepValuesAt(search, s);
  if (step === null) return complete(search, s);
  const { options, values } = step;
  let base = -Infinity;
  for (let i = 0; i < options.length; i++) if (options[i]!.type === "done") base = values[i]!;
  if (base === -Infinity) return complete(search, s);
  // The best gain of each printed action (by its index in the frame) over doing nothing more.
  // A printed action's options carry its index `i` (a number), no other option has one: read as
  // a field, not asked with `in` (a lookup through the prototype for every option that has none).
  const gain: number[] = [];
  for (let i = 0; i < options.length; i++) {
    const at = (options[i] as { i?: number }).i;
    if (at === undefined || values[i] === -Infinity) continue;
    const d = values[i]! - base;
    if (d > (gain[at] ?? 0)) gain[at] = d;
  }
  let total = 0;
  for (const g of gain) if (g !== undefined) total += g;
  let bound = base;
  for (let i = 0; i < options.length; i++) {
    if (values[i] === -Infinity) continue;
    const at = (options[i] as { i?: number }).i;
    const v = at !== undefined ? values[i]! + total - (gain[at] ?? 0) : values[i]!;
    if (v > bound) bound = v;
  }
  return bound;
}
