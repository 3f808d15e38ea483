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
 * cut still pays for: the time is in the breadth, not in the depth. Judging a decision's options
 * other than moves by their settled step alone (as the greedy play-out judges its steps) instead
 * of playing the turn out won 29.3 % of 200 such games (issue #14, 24 Nov 2026).
 *
 * The search is carried to the seat's next decision of the same turn when the table it rebuilds
 * is the trial state of the option it chose (`searchFor`, reuse.ts), in the seat's BotMemory when
 * the caller keeps one: the decisions stay the same, about half of them find most of their trials
 * made already.
 */
import type { BotMemory, Random } from "@saloon/engine";
import { BREEDS, type NodeId, SPACE_COST } from "../data.ts";
import { type ElPasoAction, type ElPasoPrompt, currentPrompt, handSize } from "../prompts.ts";
import { perform } from "../rules.ts";
import type { ElPasoState } from "../state.ts";
import type { ElPasoView } from "../view.ts";
import { type Belief, PLACEHOLDER, beliefFromView, freezeChanged, isPlaceholder, partsChangedBy, trialCopy } from "./belief.ts";
import { nextDeliveryValue } from "./deliveries.ts";
import { evaluate } from "./evaluate.ts";
import { NB, cattleIndex } from "./holdings.ts";
import { sameValue } from "./reuse.ts";
import { type Horizon, WEIGHTS, type Weights, horizonAt } from "./weights.ts";

export { baselineBot } from "./baseline.ts";

/**
 * New buildings: only the three cheapest free spaces per building and wild count are tried (a
 * space's price and place weigh little against the building; trying all nine tripled the time
 * of a turn at E). The options kept, as a mask over `options` (null: all of them, the usual case
 * where nothing new is built), so that a trial is known by its option's index.
 */
function pruned(options: readonly ElPasoAction[], state: ElPasoState): boolean[] | null {
  // Index loops: a prompt's options are frozen (the engine's cached prompts), where for…of and
  // filter take V8's slow path (issue #14).
  let cheapest: Map<string, NodeId[]> | null = null;
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (o.type !== "build" || state.board[o.node]) continue;
    const key = `${o.building}/${o.wild}`;
    cheapest ??= new Map();
    cheapest.set(key, [...(cheapest.get(key) ?? []), o.node]);
  }
  if (cheapest === null) return null;
  for (const [key, nodes] of cheapest) cheapest.set(key, nodes.sort((a, b) => SPACE_COST[a]! - SPACE_COST[b]!).slice(0, 3));
  const keep: boolean[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    keep.push(o.type !== "build" || state.board[o.node] !== undefined || cheapest.get(`${o.building}/${o.wild}`)!.includes(o.node));
  }
  return keep;
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
  steps: Map<ElPasoState, Step>;
  /** The trials made from each state: the next decision of the turn tries them again. */
  trials: Map<ElPasoState, Trials>;
  /** `exchangeGain` by state. */
  gains: Map<ElPasoState, number>;
}
/**
 * A greedy step: the state after the best option, null when nothing is left to try, or
 * `ENDS_TURN` when the best option is a `done` that ends the turn (`endsTurnQuietly`): that step
 * is judged on the state before it and needs no trial.
 */
const ENDS_TURN = Symbol("ends the turn");
type Step = ElPasoState | null | typeof ENDS_TURN;

interface Trial {
  state: ElPasoState;
  bonus: number;
}
/**
 * The trials of one state, by the index of their option in its prompt's options (null: the
 * option failed; not there: not tried yet). Kept by index, not by the option's text: making a
 * key for each trial was a twentieth of the bot's time.
 */
interface Trials {
  options: readonly ElPasoAction[];
  made: (Trial | null | undefined)[];
}

/**
 * The trials of `state` for these options. A carried search knows the trial state's options from
 * its own prompt: the decision's prompt, made from the real table, must offer the same ones in
 * the same order for the indices to hold (else its trials start afresh, unkept).
 */
function trialsOf(search: Search, state: ElPasoState, options: readonly ElPasoAction[]): Trials {
  const known = search.trials.get(state);
  if (known !== undefined && (known.options === options || sameValue(known.options, options))) return known;
  const trials: Trials = { options, made: [] };
  if (known === undefined) search.trials.set(state, trials);
  return trials;
}

/**
 * The last decision's search and the trial of the option it chose (see reuse.ts), kept in the
 * seat's BotMemory, which its caller holds for this seat at this table. (Kept per seat in this
 * module before, it was replaced by every other table's decision on a server with many tables,
 * so it never served there.) The comparisons keep a search from serving a table or seat it was
 * not made for, should a caller share a memory.
 */
interface Carried {
  search: Search;
  next: ElPasoState;
}

let reused = 0;
/** How many decisions in this process found their table in the last search (tests). */
export const carriedSearches = (): number => reused;

function sameBelief(a: Belief, b: Belief): boolean {
  if (a.seat !== b.seat) return false;
  for (const breed of BREEDS) if (a.drawCattle[breed] !== b.drawCattle[breed]) return false;
  const x = a.drawWorkers;
  const y = b.drawWorkers;
  return x.COW === y.COW && x.ENG === y.ENG && x.BLD === y.BLD && x.WLD === y.WLD;
}
const sameHorizon = (a: Horizon, b: Horizon): boolean => a.deliveries === b.deliveries && a.turns === b.turns && a.invest === b.invest && a.discsPlaced === b.discsPlaced;

/**
 * `sameValue` of two states, the parts that differ most often first (the stack, the seat's own
 * entry): a carried search that does not fit is told so before the whole table is walked. A
 * stand-in of the trial matches the real card or tile it stood for (reuse.ts `standsFor`).
 */
function sameState(a: ElPasoState, b: ElPasoState, seat: number): boolean {
  return a.active === b.active && a.turnCount === b.turnCount && sameValue(a.stack, b.stack) && sameValue(a.players[seat], b.players[seat], true) && sameValue(a, b, true);
}

/** The search for this decision: the last one of this seat when its chosen trial is this very table. */
function searchFor(belief: Belief, weights: Weights, memory: BotMemory | undefined): { search: Search; state: ElPasoState } {
  const horizon = horizonAt(belief.state, belief.seat);
  const last = memory?.carried as Carried | undefined;
  if (last !== undefined) {
    const s = last.search;
    // The trial state stands in for the belief's: the carried values are keyed by its objects.
    if (s.weights === weights && sameHorizon(s.horizon, horizon) && sameBelief(s.belief, belief) && sameState(last.next, belief.state, belief.seat)) {
      reused++;
      return { search: s, state: last.next };
    }
  }
  const search: Search = { belief, horizon, weights, turn: belief.state.turnCount, values: new Map(), steps: new Map(), trials: new Map(), gains: new Map() };
  return { search, state: belief.state };
}

function judged(search: Search, state: ElPasoState): number {
  let known = search.values.get(state);
  if (known === undefined) {
    known = evaluate(search.belief, state, search.horizon, search.weights);
    search.values.set(state, known);
  }
  return known;
}

export function chooseAction(view: ElPasoView, prompt: ElPasoPrompt, random: Random, weights: Weights = WEIGHTS, memory?: BotMemory): ElPasoAction {
  const options = prompt.options;
  if (options.length === 1) return options[0]!;
  const belief = beliefFromView(view, prompt.seat);
  const { search, state } = searchFor(belief, weights, memory);
  // Carried to the next decision only from here, and only when the choice has a trial state.
  if (memory) memory.carried = undefined;
  // An exchange token: used when the card it draws is expected to improve the next delivery.
  if (offersExchange(options) && exchangeGain(search, state) > weights.token * search.horizon.invest + 0.15) return { type: "exchange" };
  const trials = trialsOf(search, state, options);
  const keep = pruned(options, state);
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < options.length; i++) {
    if (keep !== null && !keep[i]) continue;
    const option = options[i]!;
    if (option.type === "exchange") continue;
    // A worker bonus can wait for the location, where it is judged with what it pays for.
    if (option.type === "bonus" && prompt.kind === "move") continue;
    const value = optionValue(search, state, trials, i) + random.int(0, 999) / 1e6;
    if (value > bestValue) {
      best = i;
      bestValue = value;
    }
  }
  // Whether the next decision starts where this trial ended is for it to check (searchFor).
  // A trial that ends the turn has no next decision of this turn to serve.
  const chosen = trials.made[best];
  if (memory && chosen && stillMyTurn(search, chosen.state)) memory.carried = { search, next: chosen.state } satisfies Carried;
  return options[best]!;
}

/** The value of choosing option `i` now: the turn is completed greedily and its end judged. */
function optionValue(search: Search, state: ElPasoState, trials: Trials, i: number): number {
  const option = trials.options[i]!;
  if (option.type === "auxExchange") return judged(search, state) + exchangeGain(search, state) - 0.05;
  if (option.type === "done" && endsTurnQuietly(search, state)) return judged(search, state);
  const trial = tryOption(search, state, trials, i);
  if (!trial) return -Infinity;
  // Which card an exchange puts back changes the hand, not the rest of the turn.
  if (option.type === "discard") return judged(search, trial.state);
  return complete(search, trial.state) + trial.bonus;
}

/** Applies an option on a copy. An auxiliary exchange is resolved by expectation (its card unseen). */
function tryOption(search: Search, state: ElPasoState, trials: Trials, i: number): Trial | null {
  let trial = trials.made[i];
  if (trial === undefined) trials.made[i] = trial = newTrial(search, state, trials.options[i]!);
  return trial;
}

function newTrial(search: Search, state: ElPasoState, option: ElPasoAction): Trial | null {
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

/**
 * Whether `done` in `s` ends the turn and leaves a state the evaluation judges exactly as `s`:
 * the last open frame closes, the hand is refilled from the bot's own draw pile (placeholders,
 * which the evaluation does not count: the composition of that pile is the belief's) and the
 * next seat's turn begins; the evaluation reads neither the stack nor the turn. Not when the draw
 * pile would run out (a reshuffle brings real cards into the hand) or when the turn ends the
 * game (the evaluation of a finished game differs). A `done` was a quarter of all trial states
 * (issue #14); this way it costs none, and every decision stays the same.
 */
function endsTurnQuietly(search: Search, s: ElPasoState): boolean {
  if (s.stack.length !== 1 || s.phase.kind !== "turn" || s.active !== search.belief.seat) return false;
  const kind = s.stack[0]!.kind;
  if (kind !== "actions" && kind !== "aux" && kind !== "hireSecond" && kind !== "exchangeAgain") return false;
  const simm = s.end.simmSeat;
  if (simm !== null && s.active === (simm + s.seats - 1) % s.seats) return false;
  const me = s.players[s.active]!;
  return me.draw.length >= handSize(me) - me.hand.length;
}

/** Plays the rest of the turn greedily: each step takes the option whose settled result evaluates best. */
function complete(search: Search, state: ElPasoState): number {
  let s = state;
  for (let steps = 0; steps < 40 && stillMyTurn(search, s); steps++) {
    const next = greedyStep(search, s);
    if (next === null || next === ENDS_TURN) break;
    s = next;
  }
  return judged(search, s);
}

function greedyStep(search: Search, s: ElPasoState): Step {
  let step = search.steps.get(s);
  if (step === undefined) {
    step = bestStep(search, s);
    search.steps.set(s, step);
  }
  return step;
}

/** The state after the option whose settled result evaluates best (null: nothing to try). */
function bestStep(search: Search, s: ElPasoState): Step {
  const prompt = currentPrompt(s);
  if (!prompt) return null;
  let best: Step = null;
  let bestValue = -Infinity;
  const depth = s.stack.length;
  const options = prompt.options;
  const trials = trialsOf(search, s, options);
  const keep = pruned(options, s);
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if ((keep !== null && !keep[i]) || skippedInTrials(option)) continue;
    if (option.type === "done" && endsTurnQuietly(search, s)) {
      const value = judged(search, s);
      if (value > bestValue) {
        best = ENDS_TURN;
        bestValue = value;
      }
      continue;
    }
    const trial = tryOption(search, s, trials, i);
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
    // A `done` that ends the turn leaves a state judged as this one.
    if (next === null || next === ENDS_TURN) break;
    s = next;
  }
  return s;
}

// ---------------------------------------------------------------- exchanges, by expectation

/** Expected gain in the next delivery's worth from drawing one card and discarding the worst (per state). */
function exchangeGain(search: Search, state: ElPasoState): number {
  let gain = search.gains.get(state);
  if (gain === undefined) {
    gain = newExchangeGain(search, state);
    search.gains.set(state, gain);
  }
  return gain;
}

/**
 * By counts per breed index: the next delivery's worth depends only on how many cards of each
 * breed the hand holds and how many there are, so the hands with a card drawn and one dropped are
 * counts too (the lists, sets and copies made for each were a twentieth of the bot's time).
 */
function newExchangeGain(search: Search, state: ElPasoState): number {
  const { belief, horizon, weights } = search;
  const me = state.players[belief.seat]!;
  const hand = new Array<number>(NB).fill(0);
  let cards = 0;
  for (let i = 0; i < me.hand.length; i++) {
    const card = me.hand[i]!;
    if (isPlaceholder(card)) continue;
    hand[cattleIndex(card)]!++;
    cards++;
  }
  const pool = new Array<number>(NB).fill(0);
  let total = 0;
  for (let i = 0; i < NB; i++) total += pool[i] = belief.drawCattle[BREEDS[i]!] ?? 0;
  if (total === 0) {
    for (let i = 0; i < me.discard.length; i++) if (!me.discard[i]!.startsWith("W-")) pool[cattleIndex(me.discard[i]!)]!++;
    total = 0;
    for (let i = 0; i < NB; i++) total += pool[i]!;
  }
  if (total === 0 || cards === 0) return 0;
  const now = nextDeliveryValue(belief, state, hand, cards, horizon, weights);
  let expected = 0;
  for (let b = 0; b < NB; b++) {
    const n = pool[b]!;
    if (n === 0) continue;
    hand[b]!++;
    let best = -Infinity;
    // Each breed in the hand with the drawn card may be the one dropped.
    for (let drop = 0; drop < NB; drop++) {
      if (hand[drop] === 0) continue;
      hand[drop]!--;
      best = Math.max(best, nextDeliveryValue(belief, state, hand, cards, horizon, weights));
      hand[drop]!++;
    }
    hand[b]!--;
    expected += (n / total) * best;
  }
  return expected - now;
}
