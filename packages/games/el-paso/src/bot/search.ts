/**
 * The bot's search through the real rules: a decision's options are tried on copies of its
 * belief's table (`trialCopy`, `perform`), and a trial state is judged by `evaluate.ts` once its
 * step is settled, or once the turn is played out greedily from it (`complete`). Everything found
 * is kept per trial state in a `Search`, which the seat's next decision of the turn may carry on
 * (index.ts). A step's values are kept too: a decision inside a location follows them (index.ts
 * `stepValue`), and a move's destinations are bounded by them (moves.ts). Some trials are made
 * without the rules, where their evaluation is known to be the same (quiet-trials.ts).
 */
import { type NodeId, POST_DATA, POSTS, type PostId, SPACE_COST } from "../data.ts";
import { type ElPasoAction, currentPrompt, handSize } from "../prompts.ts";
import { perform } from "../rules.ts";
import { cardsOf, playerOf, stackOf } from "../writes.ts";
import type { ElPasoState } from "../state.ts";
import { type Belief, PLACEHOLDER, freezeChanged, trialCopy } from "./belief.ts";
import { postFacts } from "./board.ts";
import { DeliveryValues } from "./delivery-values.ts";
import { evaluate, evaluateSeat } from "./evaluate.ts";
import { frameResultSeen } from "./printed-results.ts";
import { StepGains } from "./step-gains.ts";
import { exchangeGain } from "./exchange.ts";
import { QUIET_UNDER_BONUS, auxEndsTurn, delivered, deliveredEndingTurn, deliveryEndsTurnQuietly, moved, rewardEnded, rewardEndedEntry, rewardEndsTurnQuietly, workerBonus } from "./quiet-trials.ts";
import { sameValue } from "./reuse.ts";
import type { Horizon, Weights } from "./weights.ts";

export interface Search {
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
  /** Each option's value as `bestStep` judged it, by the option's index in its prompt. */
  stepValues: Map<ElPasoState, StepValues>;
  /** The trials made from each state: the next decision of the turn tries them again. */
  trials: Map<ElPasoState, Trials>;
  /** `exchangeGain` by state. */
  gains: Map<ElPasoState, number>;
}

export function newSearch(belief: Belief, horizon: Horizon, weights: Weights): Search {
  return { belief, horizon, weights, turn: belief.state.turnCount, values: new Map(), steps: new Map(), stepValues: new Map(), trials: new Map(), gains: new Map() };
}

/**
 * A greedy step: the state after the best option, null when nothing is left to try, or
 * `ENDS_TURN` when the best option is a `done` that ends the turn (`endsTurnQuietly`): that step
 * is judged on the state before it and needs no trial.
 */
export const ENDS_TURN = Symbol("ends the turn");
export type Step = ElPasoState | null | typeof ENDS_TURN;

/** The values `stepValuesAt` found for a state's options (-Infinity: not tried), and those options. */
export interface StepValues {
  options: readonly ElPasoAction[];
  values: number[];
  /** For a delivery's step: what each option's value counts of its post's reward. */
  rewards?: number[];
  /** The `done` judged on the state itself (`endsTurnQuietly`), -1 when none: a step taking it ends the turn. */
  quiet: number;
}

export interface Trial {
  state: ElPasoState;
  bonus: number;
}
/**
 * The trials of one state, by the index of their option in its prompt's options (null: the
 * option failed; not there: not tried yet). Kept by index, not by the option's text: making a
 * key for each trial was a twentieth of the bot's time.
 */
export interface Trials {
  options: readonly ElPasoAction[];
  made: (Trial | null | undefined)[];
  /**
   * The evaluation of an option's trial found before the trial was made (delivery-values.ts), by
   * index: the trial, once made, is judged so without evaluating it again.
   */
  judged?: number[];
}

/**
 * The trials of `state` for these options. A carried search knows the trial state's options from
 * its own prompt: the decision's prompt, made from the real table, must offer the same ones in
 * the same order for the indices to hold (else its trials start afresh, unkept).
 */
export function trialsOf(search: Search, state: ElPasoState, options: readonly ElPasoAction[]): Trials {
  const known = search.trials.get(state);
  if (known !== undefined && (known.options === options || sameValue(known.options, options))) return known;
  const trials: Trials = { options, made: [] };
  if (known === undefined) search.trials.set(state, trials);
  return trials;
}

/**
 * The values `bestStep` found for these options at `state` (making the step if it is not made),
 * or null when its prompt offered other options than these (a decision's prompt, made from the
 * real table, against the belief's).
 */
export function stepValuesFor(search: Search, state: ElPasoState, options: readonly ElPasoAction[]): number[] | null {
  greedyStep(search, state);
  const step = search.stepValues.get(state);
  if (step === undefined || !(step.options === options || sameValue(step.options, options))) return null;
  // A delivery decided here counts its post's whole reward (`rewardsByPost`).
  const rewards = step.rewards;
  if (rewards === undefined) return step.values;
  return step.values.map((v, i) => v + ((1 - PLAYOUT_REWARD) / PLAYOUT_REWARD) * rewards[i]!);
}

export function judged(search: Search, state: ElPasoState): number {
  let known = search.values.get(state);
  if (known === undefined) {
    known = evaluate(search.belief, state, search.horizon, search.weights);
    search.values.set(state, known);
  }
  return known;
}

/**
 * New buildings: only the cheapest free space per building and wild count is tried (the first of
 * them in the options' order when several cost the same). A space's price and place weigh little
 * against the building: trying all nine tripled the time of a turn at E, and the three cheapest,
 * tried until 7 Dec 2026, cost a fifth of all evaluations for the same strength (the cheapest
 * alone: 50.0 / 50.5 / 50.1 % of 1,200 2-player games and 52.5 / 52.1 / 54.6 % of 400 4-player
 * games against the three, seeds str, s2, s3; issue #14). And a building, purchase or train card
 * paid for with more wild workers than it needs is not tried: the bot took one in 80 of its
 * choices, and a third of such options were tried for it (without them: 49.9 / 50.5 / 49.6 % of
 * 1,200 2-player and 49.8 / 52.3 / 50.0 % of 400 4-player games, same seeds). The options kept,
 * as a mask over `options` (null: all of them, the usual case where nothing new is built and no
 * wild worker is offered), so that a trial is known by its option's index.
 */
export function pruned(options: readonly ElPasoAction[], state: ElPasoState): boolean[] | null {
  // Buildings, purchases and train cards are offered only in a frame of actions (specOptionsInto).
  if (state.stack.length === 0 || state.stack[state.stack.length - 1]!.kind !== "actions") return null;
  // Index loops: a prompt's options are frozen (the engine's cached prompts), where for…of and
  // filter take V8's slow path (issue #14). The option kept per building and wild count, by
  // `building * 8 + wild` (a building needs at most 6 builders), in a scratch list cleared at the first new building.
  const best = CHEAPEST;
  let cleared = false;
  let any = false;
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    const t = o.type;
    if (t !== "build" && t !== "buy" && t !== "train") continue;
    if (extraWild(options, i)) {
      any = true;
      continue;
    }
    if (o.type !== "build" || state.board[o.node]) continue;
    if (!cleared) {
      best.fill(-1);
      cleared = true;
    }
    const key = o.building * 8 + o.wild;
    const at = best[key]!;
    if (at < 0 || SPACE_COST[o.node]! < SPACE_COST[(options[at] as { node: NodeId }).node]!) best[key] = i;
    any = true;
  }
  if (!any) return null;
  const keep: boolean[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    keep.push(!extraWild(options, i) && (o.type !== "build" || state.board[o.node] !== undefined || best[o.building * 8 + o.wild] === i));
  }
  return keep;
}
const CHEAPEST = new Int32Array(64);

/**
 * Whether option `i` pays with more wild workers than the option before it, the same building,
 * purchase or train card with one wild worker fewer (the prompts list them in that order).
 */
function extraWild(options: readonly ElPasoAction[], i: number): boolean {
  const o = options[i]!;
  if (i === 0 || (o.type !== "build" && o.type !== "buy" && o.type !== "train") || o.wild === 0) return false;
  const p = options[i - 1]!;
  if (p.type !== o.type || p.i !== o.i || p.wild !== o.wild - 1) return false;
  if (o.type === "build") return p.type === "build" && p.building === o.building && p.node === o.node;
  if (o.type === "buy") return p.type === "buy" && p.breed === o.breed;
  return p.type === "train" && p.card === o.card;
}

/** Options never tried inside a trial: they draw unknown cards or only trade a worker for a little money. */
export const skippedInTrials = (o: ElPasoAction): boolean => o.type === "exchange" || o.type === "auxExchange" || o.type === "bonus" || (o.type === "aux" && o.aux === 3);

/** Applies an option on a copy. An auxiliary exchange is resolved by expectation (its card unseen). */
export function tryOption(search: Search, state: ElPasoState, trials: Trials, i: number): Trial | null {
  let trial = trials.made[i];
  if (trial === undefined) {
    trials.made[i] = trial = newTrial(search, state, trials.options[i]!);
    const known = trials.judged?.[i];
    if (trial !== null && known !== undefined && !search.values.has(trial.state)) search.values.set(trial.state, known);
  }
  return trial;
}

function newTrial(search: Search, state: ElPasoState, option: ElPasoAction): Trial | null {
  const seat = search.belief.seat;
  if (option.type === "aux" && option.aux !== 3 && state.stack[0]?.kind === "actions" && endsTurnQuietly(search, state)) return { state: auxEndsTurn(state, seat, option.aux), bonus: 0 };
  if (option.type === "deliver" && POST_DATA[option.post].reward !== null && state.stack.at(-1)?.kind === "deliver" && state.active === seat) return { state: delivered(state, seat, option.post, option.disc, option.spend), bonus: 0 };
  if (option.type === "bonus" && state.phase.kind === "turn" && state.active === seat && QUIET_UNDER_BONUS.has(state.stack.at(-1)?.kind ?? "")) return { state: workerBonus(state, seat, option.worker), bonus: 0 };
  if (option.type === "deliver" && POST_DATA[option.post].reward === null && deliveryEndsTurnQuietly(state, seat, option.disc)) return { state: deliveredEndingTurn(state, seat, option.post, option.disc, option.spend), bonus: 0 };
  if ((option.type === "done" || option.type === "act" || option.type === "hire" || option.type === "tile") && rewardEndsTurnQuietly(state, seat)) {
    const ended = rewardEnded(state, seat, option);
    if (ended !== null) return { state: ended, bonus: 0 };
  }
  if (option.type === "move") {
    const arrival = moved(state, seat, option.to);
    if (arrival !== null) return { state: arrival, bonus: 0 };
  }
  const copy = trialCopy(state, seat);
  try {
    perform(copy, seat, option);
  } catch (cause) {
    // A write into what a trial shares without the rules' copy (another seat's entry, a frozen
    // part) is a bug, not an option that fails on the belief's stand-ins.
    if (cause instanceof TypeError) throw cause;
    return null;
  }
  freezeChanged(copy, state);
  let bonus = 0;
  if (option.type === "aux" && option.aux === 3) {
    bonus = exchangeGain(search, state);
    // Through the rules' copy-on-write: the hand may be the state's own, shared (belief.ts trialCopy).
    const hand = cardsOf(playerOf(copy, seat), "hand");
    const drawn = hand.lastIndexOf(PLACEHOLDER);
    if (drawn >= 0) hand.splice(drawn, 1);
    const stack = stackOf(copy);
    while (stack.length > 0 && (stack.at(-1)!.kind === "exchangeDiscard" || stack.at(-1)!.kind === "exchangeAgain")) stack.pop();
  }
  return { state: copy, bonus };
}

export const stillMyTurn = (search: Search, s: ElPasoState): boolean => s.phase.kind === "turn" && s.active === search.belief.seat && s.turnCount === search.turn;

/**
 * Whether `done` in `s` ends the turn and leaves a state the evaluation judges exactly as `s`:
 * the last open frame closes, the hand is refilled from the bot's own draw pile (placeholders,
 * which the evaluation does not count: the composition of that pile is the belief's) and the
 * next seat's turn begins; the evaluation reads neither the stack nor the turn. Not when the draw
 * pile would run out (a reshuffle brings real cards into the hand) or when the turn ends the
 * game (the evaluation of a finished game differs). A `done` was a quarter of all trial states
 * (issue #14); this way it costs none, and every decision stays the same.
 */
export function endsTurnQuietly(search: Search, s: ElPasoState): boolean {
  if (s.stack.length !== 1 || s.phase.kind !== "turn" || s.active !== search.belief.seat) return false;
  const kind = s.stack[0]!.kind;
  if (kind !== "actions" && kind !== "aux" && kind !== "hireSecond" && kind !== "exchangeAgain") return false;
  const simm = s.end.simmSeat;
  if (simm !== null && s.active === (simm + s.seats - 1) % s.seats) return false;
  const me = s.players[s.active]!;
  return me.draw.length >= handSize(me) - me.hand.length;
}

/**
 * Whether `done` in `s` closes its top frame and leaves the frame below as it is, for the next
 * step of the same settle to stop at: the state after it differs from `s` only in its stack, which
 * the evaluation does not read. Not when the frame below is the end of an El Paso visit (the hand
 * goes to the discard pile), an exchange (it may close too) or a delivery (settle plays it on), nor
 * when nothing is below (the turn ends: endsTurnQuietly). Such a `done` is valued as `s` without
 * its trial, which is made only if the step takes it: a sixth of all trial states were `done`s.
 */
export function closesQuietly(s: ElPasoState): boolean {
  if (s.stack.length < 2) return false;
  const below = s.stack[s.stack.length - 2]!.kind;
  return below === "actions" || below === "aux" || below === "hireSecond" || below === "move";
}

/** Plays the rest of the turn greedily: each step takes the option whose settled result evaluates best. */
export function complete(search: Search, state: ElPasoState): number {
  let s = state;
  for (let steps = 0; steps < 40 && stillMyTurn(search, s); steps++) {
    const next = greedyStep(search, s);
    if (next === null || next === ENDS_TURN) break;
    s = next;
  }
  return judged(search, s);
}

export function greedyStep(search: Search, s: ElPasoState): Step {
  let step = search.steps.get(s);
  if (step === undefined) {
    step = bestStep(search, s);
    search.steps.set(s, step);
  }
  return step;
}

/**
 * The state after the option whose settled result evaluates best (null: nothing to try), its
 * trial made now if the values were found without it. A decision at this state is the same
 * comparison (`stepValuesFor`).
 */
function bestStep(search: Search, s: ElPasoState): Step {
  const step = stepValuesAt(search, s);
  if (step === null) return null;
  const { options, values } = step;
  const trials = trialsOf(search, s, options);
  for (;;) {
    let best = -1;
    for (let i = 0; i < options.length; i++) if (values[i]! > (best < 0 ? -Infinity : values[best]!)) best = i;
    if (best < 0) return null;
    if (best === step.quiet) return ENDS_TURN;
    // An option valued without its trial has it made now that the step takes it.
    const trial = tryOption(search, s, trials, best);
    if (trial !== null) return trial.state;
    values[best] = -Infinity;
  }
}

/**
 * Every option's value at `s` as the greedy step compares them (null: no prompt), kept by state
 * (`search.stepValues`). Apart from the step itself (`bestStep`): a move's arrivals need only these
 * values for their bound (moves.ts `upperBound`), and most arrivals are never played out, so the
 * trial of the option their step would take was made for nothing (issue #14).
 */
export function stepValuesAt(search: Search, s: ElPasoState): StepValues | null {
  const known = search.stepValues.get(s);
  if (known !== undefined) return known;
  const prompt = currentPrompt(s);
  if (!prompt) return null;
  const depth = s.stack.length;
  const options = prompt.options;
  const trials = trialsOf(search, s, options);
  const keep = pruned(options, s);
  const values: number[] = [];
  // The `done` judged on this state (endsTurnQuietly), if any.
  let quiet = -1;
  let delivery = false;
  // At a frame of printed actions, the options whose trial the evaluation would judge as this
  // state plus a gain worked out from the seat's entry are valued so, without the trial
  // (step-gains.ts): a trial is made only for the option the step takes.
  const top = s.stack.at(-1);
  const light = top?.kind === "actions" && stillMyTurn(search, s) ? new StepGains(search, s, top, s.stack[0]!.kind === "actions" && endsTurnQuietly(search, s)) : null;
  // So too an auxiliary action or a second hire in the frame a printed action opened (printed-results.ts).
  const frames = (top?.kind === "aux" || top?.kind === "hireSecond") && stillMyTurn(search, s);
  // And a delivery, on the seat's entry and the posts' facts after it (delivery-values.ts), and a
  // post's reward that ends the turn on the seat's entry after it (quiet-trials.ts rewardEndedEntry).
  const deliveries = top?.kind === "deliver" ? new DeliveryValues(search, s) : null;
  const rewardEnds = top?.kind === "actions" && top.location === null && rewardEndsTurnQuietly(s, search.belief.seat);
  for (let i = 0; i < options.length; i++) {
    values.push(-Infinity);
    const option = options[i]!;
    if ((keep !== null && !keep[i]) || skippedInTrials(option)) continue;
    if (option.type === "done" && endsTurnQuietly(search, s)) {
      values[i] = judged(search, s);
      quiet = i;
      continue;
    }
    if (option.type === "done" && trials.made[i] === undefined && closesQuietly(s)) {
      values[i] = judged(search, s);
      continue;
    }
    if (light !== null && trials.made[i] === undefined) {
      const gain = light.of(option);
      if (gain !== undefined) {
        values[i] = judged(search, s) + gain;
        continue;
      }
      // A hire, a purchase or a building: the state its trial is judged as (printed-results.ts),
      // evaluated without being kept (nothing else reaches it).
      const seen = light.seen(option);
      if (seen !== null) {
        values[i] = evaluate(search.belief, seen, search.horizon, search.weights);
        continue;
      }
    }
    if (frames && trials.made[i] === undefined) {
      const seen = frameResultSeen(s, search.belief.seat, option);
      if (seen !== null) {
        values[i] = evaluate(search.belief, seen, search.horizon, search.weights);
        continue;
      }
    }
    if (deliveries !== null && option.type === "deliver" && trials.made[i] === undefined) {
      const value = deliveries.of(option);
      if (value !== null) {
        (trials.judged ??= [])[i] = values[i] = value;
        delivery = true;
        continue;
      }
    }
    if (rewardEnds && trials.made[i] === undefined) {
      const entry = rewardEndedEntry(s, search.belief.seat, option);
      if (entry !== null) {
        (trials.judged ??= [])[i] = values[i] = evaluateSeat(search.belief, s, entry, postFacts(s.posts, search.belief.seat), search.horizon, search.weights);
        continue;
      }
    }
    const trial = tryOption(search, s, trials, i);
    if (!trial) continue;
    // A destination is worth what the bot would do there: the rest of the turn is played out.
    // A delivery's reward is added below, once per post.
    if (option.type === "move") values[i] = complete(search, trial.state) + trial.bonus;
    else if (option.type === "deliver") {
      values[i] = judged(search, trial.state) + trial.bonus;
      delivery = true;
    } else values[i] = judged(search, settle(search, trial.state, depth)) + trial.bonus;
  }
  const rewards = delivery ? rewardsByPost(search, s, trials, values, depth) : undefined;
  // The options of the kept trials, when they are: a decision at this state finds them by identity.
  const step: StepValues = { options: trials.options, values, rewards, quiet };
  search.stepValues.set(s, step);
  return step;
}

/**
 * A delivery is worth its post's reward too (a certificate, a worker, an objective tile, money),
 * which is a decision of its own after the disc is placed: its worth is played out (settled) once
 * per post, after the disc that is best without it, and added to every disc's value there (the
 * reward is the same whichever disc; a disc's money may change what the reward can buy, which
 * this leaves out). Judged without its reward, a delivery went to the post that pays least
 * later: P10 for P12, P00 for P07 (several VP a delivery); played out per disc, the rewards were
 * a fifth of a turn's trials. A step counts `PLAYOUT_REWARD` of the reward, the delivery decided
 * (stepValuesFor) all of it. Returns what was added to each option's value.
 */
/**
 * The share of a post's reward a greedy step counts: a move's play-out that reaches El Paso values
 * the delivery with half its reward. With all of it the bot hurried to El Paso: games were 0.45
 * turns shorter per player than with the bot before and the first seat's edge grew (2 players,
 * 2,000 games: seat 0 won 57.5 % against 54.8 %; 4 players: the last seat 20.6 % against 23.3 %);
 * with half, 0.36 turns shorter, 56.2 % and 22.5 %, at the same strength. With none (a delivery
 * judged without its reward), a turn's later decisions judged by the greedy step lost: 42.4 % of
 * 800 2-player games (issue #14, 6 Dec 2026).
 */
const PLAYOUT_REWARD = 0.5;

function rewardsByPost(search: Search, s: ElPasoState, trials: Trials, values: number[], depth: number): number[] {
  const options = trials.options;
  // By post index (POSTS), in arrays rather than maps keyed by the post (two maps and an entry
  // list per delivery step were garbage); the posts settled in the order they first come in the
  // options, as the map's insertion order had them.
  // A delivery step inside another's rewards (none in El Paso's turn, which delivers once) would
  // get lists of its own.
  const nested = rewardsRunning;
  const bestAt = nested ? POSTS.map(() => -1) : BEST_AT.fill(-1);
  const order = nested ? POSTS.map(() => -1) : POST_ORDER;
  const gains = nested ? new Float64Array(POSTS.length) : GAINS_BY_POST;
  let posts = 0;
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    if (o.type !== "deliver" || values[i] === -Infinity) continue;
    const p = POST_INDEX[o.post];
    const at = bestAt[p]!;
    if (at < 0) order[posts++] = p;
    if (at < 0 || values[i]! > values[at]!) bestAt[p] = i;
  }
  rewardsRunning = true;
  try {
    for (let k = 0; k < posts; k++) {
      const p = order[k]!;
      // A post without a reward (P00) leaves nothing to play: its gain is judged(x) - judged(x),
      // 0, whether the turn ends or a frame below it stays (settle stops at either). Its trial
      // was made for that 0 in every delivery step.
      if (POST_DATA[POSTS[p]!].reward === null) {
        gains[p] = 0;
        continue;
      }
      // Made now if the delivery was valued without it (delivery-values.ts).
      const state = tryOption(search, s, trials, bestAt[p]!)!.state;
      gains[p] = judged(search, settle(search, state, depth, true)) - judged(search, state);
    }
  } finally {
    rewardsRunning = nested;
  }
  const added: number[] = [];
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    added.push(0);
    if (o.type === "deliver" && values[i] !== -Infinity) values[i]! += added[i] = PLAYOUT_REWARD * gains[POST_INDEX[o.post]]!;
  }
  return added;
}
const POST_INDEX = Object.fromEntries(POSTS.map((post, i) => [post, i])) as Record<PostId, number>;
/** Scratch lists of `rewardsByPost`. */
const BEST_AT: number[] = POSTS.map(() => -1);
const POST_ORDER: number[] = POSTS.map(() => -1);
const GAINS_BY_POST = new Float64Array(POSTS.length);
let rewardsRunning = false;

/**
 * A step that opened something (a train card, a bonus tile, a second hire, a delivery) is only
 * worth what comes of it: play on greedily until the stack is back to where it was. A move
 * action opens a move, whose destinations are each played out by `greedyStep`. After a delivery
 * (`delivered`) the post's reward is taken too: it replaces the delivery's frame on the stack.
 */
export function settle(search: Search, state: ElPasoState, depth: number, delivered = false): ElPasoState {
  let s = state;
  for (let steps = 0; steps < 20 && stillMyTurn(search, s); steps++) {
    const top = s.stack.at(-1);
    const opened = s.stack.length > depth || top?.kind === "deliver" || (delivered && top?.kind === "actions" && top.location === null);
    if (!opened) break;
    const next = greedyStep(search, s);
    // A `done` that ends the turn leaves a state judged as this one.
    if (next === null || next === ENDS_TURN) break;
    s = next;
  }
  return s;
}
