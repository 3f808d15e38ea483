/**
 * The El Paso bot for multiplayer seats. It sees only its own view, rebuilds a table it can try
 * moves on (`belief.ts`), and judges each offered option by playing it out on a copy with the
 * real rules: the rest of its turn is completed greedily, one step at a time, and the position
 * at the end of the turn is scored by `evaluate.ts` (an estimate of its final score). So a move
 * is judged by what the bot would do where it lands, a train ride by what the train card gives,
 * a delivery by the post, its reward and the disc it frees.
 *
 * Exchanges draw unknown cards, so they are judged by expectation (the hand the next delivery
 * would show) rather than played out. The solo opponent Sue is a separate procedure, not this bot.
 *
 * Why every option is played out to the end of the turn (measured for issue #14, 2-player games
 * against this search, each seed with seats swapped): playing out only the 3 best by their first
 * step won 26.5 % of 200 games, a play-out cut to 2 greedy steps 41 %, to 1 step 7 %. A decision
 * tries about 22 options and sub-steps, and two thirds of those are first steps, which any such
 * cut still pays for: the time is in the breadth, not in the depth.
 */
import type { Random } from "@saloon/engine";
import { BREEDS, type CardId, type NodeId, SPACE_COST, breedOf } from "../data.ts";
import { type ElPasoAction, type ElPasoPrompt, currentPrompt } from "../prompts.ts";
import { perform } from "../rules.ts";
import type { ElPasoState } from "../state.ts";
import type { ElPasoView } from "../view.ts";
import { type Belief, PLACEHOLDER, beliefFromView, freezeChanged, isPlaceholder, partsChangedBy, trialCopy } from "./belief.ts";
import { nextDeliveryValue } from "./deliveries.ts";
import { evaluate } from "./evaluate.ts";
import { type Horizon, WEIGHTS, type Weights, horizonAt } from "./weights.ts";

export { baselineBot } from "./baseline.ts";

/**
 * New buildings: only the three cheapest free spaces per building and wild count are tried (a
 * space's price and place weigh little against the building; trying all nine tripled the time
 * of a turn at E).
 */
function pruned(options: readonly ElPasoAction[], state: ElPasoState): ElPasoAction[] {
  // Index loops: a prompt's options are frozen (the engine's cached prompts), where for…of and
  // filter take V8's slow path (issue #14).
  const cheapest = new Map<string, NodeId[]>();
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (o.type !== "build" || state.board[o.node]) continue;
    const key = `${o.building}/${o.wild}`;
    cheapest.set(key, [...(cheapest.get(key) ?? []), o.node]);
  }
  for (const [key, nodes] of cheapest) cheapest.set(key, nodes.sort((a, b) => SPACE_COST[a]! - SPACE_COST[b]!).slice(0, 3));
  const out: ElPasoAction[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (o.type !== "build" || state.board[o.node] !== undefined || cheapest.get(`${o.building}/${o.wild}`)!.includes(o.node)) out.push(o);
  }
  return out;
}

function offersExchange(options: readonly ElPasoAction[]): boolean {
  for (let i = 0; i < options.length; i++) if (options[i]!.type === "exchange") return true;
  return false;
}

/** Options never tried inside a trial: they draw unknown cards or only trade a worker for a little money. */
const skippedInTrials = (o: ElPasoAction): boolean => o.type === "exchange" || o.type === "auxExchange" || o.type === "bonus" || (o.type === "aux" && o.aux === 3);

interface Search {
  belief: Belief;
  horizon: Horizon;
  weights: Weights;
  /** The turn being decided: trials stop when it ends. */
  turn: number;
  /**
   * What this decision found already, by trial state: a state is never changed once tried, and
   * its value and greedy step depend on nothing else the search changes. A turn played out
   * greedily ends on a state its last step judged already (a sixth of all evaluations), and
   * settling an opened step walks the same greedy steps its completion walks again.
   */
  values: Map<ElPasoState, number>;
  steps: Map<ElPasoState, ElPasoState | null>;
}

function judged(search: Search, state: ElPasoState): number {
  let known = search.values.get(state);
  if (known === undefined) {
    known = evaluate(search.belief, state, search.horizon, search.weights);
    search.values.set(state, known);
  }
  return known;
}

export function chooseAction(view: ElPasoView, prompt: ElPasoPrompt, random: Random, weights: Weights = WEIGHTS): ElPasoAction {
  const options = prompt.options;
  if (options.length === 1) return options[0]!;
  const belief = beliefFromView(view, prompt.seat);
  const search: Search = { belief, horizon: horizonAt(belief.state, belief.seat), weights, turn: belief.state.turnCount, values: new Map(), steps: new Map() };
  const state = belief.state;
  // An exchange token: used when the card it draws is expected to improve the next delivery.
  if (offersExchange(options) && exchangeGain(search, state) > weights.token * search.horizon.invest + 0.15) return { type: "exchange" };
  let best = options[0]!;
  let bestValue = -Infinity;
  for (const option of pruned(options, state)) {
    if (option.type === "exchange") continue;
    // A worker bonus can wait for the location, where it is judged with what it pays for.
    if (option.type === "bonus" && prompt.kind === "move") continue;
    const value = optionValue(search, state, option) + random.int(0, 999) / 1e6;
    if (value > bestValue) {
      best = option;
      bestValue = value;
    }
  }
  return best;
}

/** The value of choosing `option` now: the turn is completed greedily and its end judged. */
function optionValue(search: Search, state: ElPasoState, option: ElPasoAction): number {
  if (option.type === "auxExchange") return judged(search, state) + exchangeGain(search, state) - 0.05;
  const trial = tryOption(search, state, option);
  if (!trial) return -Infinity;
  // Which card an exchange puts back changes the hand, not the rest of the turn.
  if (option.type === "discard") return judged(search, trial.state);
  return complete(search, trial.state) + trial.bonus;
}

/** Applies an option on a copy. An auxiliary exchange is resolved by expectation (its card unseen). */
function tryOption(search: Search, state: ElPasoState, option: ElPasoAction): { state: ElPasoState; bonus: number } | null {
  const seat = search.belief.seat;
  const parts = partsChangedBy(state, option);
  const copy = trialCopy(state, seat, parts);
  try {
    perform(copy, seat, option);
  } catch (cause) {
    // A write into what a trial shares (another seat's entry, a part `partsChangedBy` did not
    // name) is a bug in the copy, not an option that fails on the belief's stand-ins.
    if (cause instanceof TypeError) throw cause;
    return null;
  }
  freezeChanged(copy, parts);
  let bonus = 0;
  if (option.type === "aux" && option.aux === 3) {
    bonus = exchangeGain(search, state);
    const me = copy.players[seat]!;
    const drawn = me.hand.lastIndexOf(PLACEHOLDER);
    if (drawn >= 0) me.hand.splice(drawn, 1);
    while (copy.stack.length > 0 && (copy.stack.at(-1)!.kind === "exchangeDiscard" || copy.stack.at(-1)!.kind === "exchangeAgain")) copy.stack.pop();
  }
  return { state: copy, bonus };
}

const stillMyTurn = (search: Search, s: ElPasoState): boolean => s.phase.kind === "turn" && s.active === search.belief.seat && s.turnCount === search.turn;

/** Plays the rest of the turn greedily: each step takes the option whose settled result evaluates best. */
function complete(search: Search, state: ElPasoState): number {
  let s = state;
  for (let steps = 0; steps < 40 && stillMyTurn(search, s); steps++) {
    const next = greedyStep(search, s);
    if (!next) break;
    s = next;
  }
  return judged(search, s);
}

function greedyStep(search: Search, s: ElPasoState): ElPasoState | null {
  let step = search.steps.get(s);
  if (step === undefined) {
    step = bestStep(search, s);
    search.steps.set(s, step);
  }
  return step;
}

/** The state after the option whose settled result evaluates best (null: nothing to try). */
function bestStep(search: Search, s: ElPasoState): ElPasoState | null {
  const prompt = currentPrompt(s);
  if (!prompt) return null;
  let best: ElPasoState | null = null;
  let bestValue = -Infinity;
  const depth = s.stack.length;
  for (const option of pruned(prompt.options, s)) {
    if (skippedInTrials(option)) continue;
    const trial = tryOption(search, s, option);
    if (!trial) continue;
    // A destination is worth what the bot would do there: the rest of the turn is played out.
    const value =
      option.type === "move"
        ? complete(search, trial.state) + trial.bonus
        : judged(search, settle(search, trial.state, depth)) + trial.bonus;
    if (value > bestValue) {
      best = trial.state;
      bestValue = value;
    }
  }
  return best;
}

/**
 * A step that opened something (a train card, a bonus tile, a second hire, a delivery) is only
 * worth what comes of it: play on greedily until the stack is back to where it was. A move
 * action opens a move, whose destinations are each played out by `greedyStep`.
 */
function settle(search: Search, state: ElPasoState, depth: number): ElPasoState {
  let s = state;
  for (let steps = 0; steps < 20 && stillMyTurn(search, s); steps++) {
    const top = s.stack.at(-1);
    const opened = s.stack.length > depth || top?.kind === "deliver";
    if (!opened) break;
    const next = greedyStep(search, s);
    if (!next) break;
    s = next;
  }
  return s;
}

// ---------------------------------------------------------------- exchanges, by expectation

/** Expected gain in the next delivery's worth from drawing one card and discarding the worst. */
function exchangeGain(search: Search, state: ElPasoState): number {
  const { belief } = search;
  const me = state.players[belief.seat]!;
  const hand = me.hand.filter((c) => !isPlaceholder(c));
  const pool = { ...belief.drawCattle };
  let total = BREEDS.reduce((n, b) => n + (pool[b] ?? 0), 0);
  if (total === 0) {
    for (const card of me.discard) if (!card.startsWith("W-")) pool[breedOf(card)] = (pool[breedOf(card)] ?? 0) + 1;
    total = BREEDS.reduce((n, b) => n + (pool[b] ?? 0), 0);
  }
  if (total === 0 || hand.length === 0) return 0;
  const now = nextDeliveryValue(belief, state, hand, search.horizon, search.weights);
  let expected = 0;
  for (const breed of BREEDS) {
    const n = pool[breed] ?? 0;
    if (n === 0) continue;
    const withCard = [...hand, `C-${breed}-x` as CardId];
    let best = -Infinity;
    for (const drop of new Set(withCard.map(breedOf))) {
      const kept = withCard.slice();
      kept.splice(kept.findIndex((c) => breedOf(c) === drop), 1);
      best = Math.max(best, nextDeliveryValue(belief, state, kept, search.horizon, search.weights));
    }
    expected += (n / total) * best;
  }
  return expected - now;
}

