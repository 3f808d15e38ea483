/**
 * The El Paso bot for multiplayer seats. It sees only its own view, rebuilds a table it can try
 * moves on (`belief.ts`), and judges options by trying them on copies with the real rules
 * (search.ts): the position a turn ends on is scored by `evaluate.ts` (an estimate of its final
 * score). A turn is decided in two ways:
 *   - a move (the turn's first decision) plays each destination's turn out greedily, one step at
 *     a time, each step taking the option whose settled result evaluates best, and takes the
 *     destination whose play-out ends best; destinations that cannot be the best by the bound of
 *     their first step are not played out (moves.ts);
 *   - every later decision of the turn (a location's actions, an auxiliary action, a second hire,
 *     a delivery) takes what that greedy step takes: the option whose settled result evaluates
 *     best, a delivery with its post's reward. Those steps are the ones the move's play-out made,
 *     so the turn is the plan the move chose, and its later decisions cost little (the search is
 *     carried, below).
 * So a move is judged by what the bot would do where it lands, a train ride by what the train
 * card gives, a delivery by the post, its reward and the disc it frees.
 *
 * Exchanges draw unknown cards, so they are judged by expectation (exchange.ts) rather than
 * played out. The solo opponent Sue is a separate procedure, not this bot.
 *
 * Measured for issue #14 (bench/strength.ts, against the bot before, seats alternated): the later
 * decisions were each played out to the end of the turn, option by option, until 6 Dec 2026.
 * Judging them by the greedy step instead lost badly (29.3 % of 200 2-player games, 24 Nov 2026;
 * 42.4 % of 800 in this form) as long as the greedy step judged a delivery without its post's
 * reward; with the reward (search.ts `rewardsByPost`) it won 50.8 % of 1,200 2-player and 49.4 %
 * of 1,400 4-player games, with a quarter fewer trial states. Cuts of the play-outs' breadth or
 * depth lost: the 3 best options by their first step 26.5 % of 200 games, play-outs cut to 2
 * greedy steps 41 %, to 1 step 7 %; a move's arrivals at a location left without their first
 * step when their evaluation plus what that step adds in 19 of 20 arrivals there is below the
 * best play-out (a quarter of the first steps) 48.1 % of 2,400 (7 Dec 2026).
 *
 * The search is carried to the seat's next decision of the same turn when the table it rebuilds
 * is the trial state of the option it chose (`searchFor`, reuse.ts), in the seat's BotMemory when
 * the caller keeps one: the decisions stay the same, and most of them find their step made.
 *
 * Where its time goes (7 Dec 2026, 60 seeded 2-player games with the seat's memory): per action
 * 6.1 evaluations (~1.5 µs each: holdings and objectives each counted anew in about 4 of them,
 * the deliveries to come worked out 1.5 times, kept otherwise: deliveries.ts), 3.5 trial states of
 * which 2.1 through the rules and the rest without (quiet-trials.ts), options valued on the
 * state their trial would be judged as, or on the seat's entry after them, without making it
 * (printed-results.ts, delivery-values.ts, `valueWithoutTrial`), 2.0 greedy steps with their
 * prompts, and per decision the belief and the carried search's check (a CPU profile of the
 * simulator: the bot ~61 % of it, a move's arrivals ~30 %, a fifth at El Paso). By decision: a
 * turn's move ~60 % (each destination's first step: ~3.2 arrivals at a location, ~4 evaluations
 * each, and ~0.4 at El Paso, a whole delivery step of ~15), a location's actions ~15 % (carried),
 * a delivery ~12 %. Most of a move's arrivals are not where the bot goes, but no cheap estimate
 * found them without a loss (docs/sync-journal.md, 7 Dec 2026): issue #14's 3x needs fewer first
 * steps than that, or much cheaper ones.
 *
 * A worker bonus offered with a delivery is valued as the delivery the step takes with the bonus
 * after it (`bonusBeforeDelivery`), not by playing the delivery step again from its trial: 50.0 %
 * of 2,400 2-player and 49.3 % of 800 4-player games against the bot before (7 Dec 2026).
 */
import type { BotMemory, Random } from "@saloon/engine";
import { BREEDS, type WorkerType } from "../data.ts";
import type { ElPasoAction, ElPasoPrompt } from "../prompts.ts";
import type { ElPasoState } from "../state.ts";
import type { ElPasoView } from "../view.ts";
import { type Belief, PLACEHOLDER, beliefFromView } from "./belief.ts";
import { postFacts } from "./board.ts";
import { evaluateSeat } from "./evaluate.ts";
import { exchangeGain } from "./exchange.ts";
import { moveValues } from "./moves.ts";
import { QUIET_UNDER_BONUS, workerBonus, workerBonusEntry } from "./quiet-trials.ts";
import { sameKeys, sameValue } from "./reuse.ts";
import {
  type Search,
  type Trials,
  ENDS_TURN,
  closesQuietly,
  complete,
  greedyStep,
  endsTurnQuietly,
  judged,
  newSearch,
  pruned,
  settle,
  skippedInTrials,
  stepValuesFor,
  stillMyTurn,
  trialsOf,
  tryOption,
} from "./search.ts";
import { type Horizon, WEIGHTS, type Weights, horizonAt } from "./weights.ts";

export { baselineBot } from "./baseline.ts";

function offersExchange(options: readonly ElPasoAction[]): boolean {
  for (let i = 0; i < options.length; i++) if (options[i]!.type === "exchange") return true;
  return false;
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

/**
 * Whether two beliefs hold the same draw pile. A breed the seat has never owned is not a key of
 * the counts, and one it owns none of in the pile is a 0, which every reader takes alike
 * (`?? 0`): taking its first Simmental in El Paso or buying its first cattle of a breed gave the
 * new belief a 0 where the carried one had no key, and the next decision started afresh (a
 * delivery's decision after the Simmental, one in six of them).
 */
function sameBelief(a: Belief, b: Belief): boolean {
  if (a.seat !== b.seat) return false;
  for (const breed of BREEDS) if ((a.drawCattle[breed] ?? 0) !== (b.drawCattle[breed] ?? 0)) return false;
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
  if (!(a.active === b.active && a.turnCount === b.turnCount && sameValue(a.stack, b.stack) && sameValue(a.players[seat], b.players[seat], true))) return false;
  // The rest as `sameValue(a, b, true)` walks it, key by key in order, without the stack and the
  // seat's own entry again: equal above, they are equal with stand-ins too. Walked twice, they
  // were half of this comparison, which runs at every decision (issue #14).
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  if (!sameKeys(x, y)) return false;
  for (const key in x) {
    if (key === "stack") continue;
    if (key === "players") {
      if (a.players === b.players) continue;
      if (!Array.isArray(b.players) || a.players.length !== b.players.length) return false;
      for (let j = 0; j < a.players.length; j++) if (j !== seat && !sameValue(a.players[j], b.players[j], true)) return false;
    } else if (!sameValue(x[key], y[key], true)) return false;
  }
  return true;
}

/**
 * Whether the greedy step may have valued `option` without its trial while the turn goes on after
 * it: a printed action (step-gains.ts, printed-results.ts), an auxiliary action or second hire in
 * the frame a printed action opened (printed-results.ts), a delivery (delivery-values.ts), a worker
 * bonus (`valueWithoutTrial`) or a `done` that only closes a frame
 * (search.ts `closesQuietly`). Its trial is made once it is chosen, so that the next decision of the turn may
 * find this search. (An auxiliary action valued so ends the turn: no next decision to serve.)
 */
function valuedUntried(state: ElPasoState, option: ElPasoAction): boolean {
  const t = option.type;
  const top = state.stack.at(-1)?.kind;
  return t === "act" || t === "actBreed" || t === "hire" || t === "buy" || t === "build" || t === "hireSecond" || t === "bonus" || (t === "aux" && top === "aux") || (t === "done" && closesQuietly(state)) || (t === "deliver" && top === "deliver");
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
  return { search: newSearch(belief, horizon, weights), state: belief.state };
}

/** The decisions made as the greedy step makes them (`stepValue`); a move, an objective and an exchange's discard are decided otherwise. */
const BY_STEP = new Set(["actions", "aux", "hireSecond", "deliver", "exchangeAgain"]);

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
  const moves = prompt.kind === "move" ? moveValues(search, state, trials, keep) : null;
  const byStep = BY_STEP.has(prompt.kind) ? stepValuesFor(search, state, trials.options) : null;
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < options.length; i++) {
    if (keep !== null && !keep[i]) continue;
    const option = options[i]!;
    if (option.type === "exchange") continue;
    // A worker bonus can wait for the location, where it is judged with what it pays for.
    if (option.type === "bonus" && prompt.kind === "move") continue;
    let value: number;
    if (moves !== null && option.type === "move") value = moves[i]!;
    else if (BY_STEP.has(prompt.kind)) value = stepValue(search, state, trials, byStep, i);
    else value = optionValue(search, state, trials, i);
    value += random.int(0, 999) / 1e6;
    if (value > bestValue) {
      best = i;
      bestValue = value;
    }
  }
  // Whether the next decision starts where this trial ended is for it to check (searchFor).
  // A trial that ends the turn has no next decision of this turn to serve.
  let chosen = trials.made[best];
  if (chosen === undefined && memory && byStep !== null && valuedUntried(state, options[best]!)) chosen = tryOption(search, state, trials, best);
  if (memory && chosen && stillMyTurn(search, chosen.state)) memory.carried = { search, next: chosen.state } satisfies Carried;
  return options[best]!;
}

/**
 * Option `i` valued as the greedy step values it (`values`, bestStep's), and the options the
 * greedy step does not try (a worker bonus, an auxiliary exchange) by their settled result, on
 * the same scale: what the option itself gives, not the rest of the turn. (Without `values`,
 * when the step's prompt on the belief offered other options than the decision's, each option
 * by its settled result.)
 */
function stepValue(search: Search, state: ElPasoState, trials: Trials, values: number[] | null, i: number): number {
  const option = trials.options[i]!;
  if (option.type === "auxExchange") return judged(search, state) + exchangeGain(search, state) - 0.05;
  if (values !== null && !skippedInTrials(option)) return values[i]!;
  if (option.type === "bonus") {
    const before = bonusBeforeDelivery(search, state, trials, option.worker);
    if (before !== null) return before;
  }
  if (option.type === "done" && endsTurnQuietly(search, state)) return judged(search, state);
  if (trials.made[i] === undefined) {
    const value = valueWithoutTrial(search, state, option);
    // A bonus's value is its trial's evaluation, which the trial, once made, is judged as.
    if (value !== null && option.type === "bonus") (trials.judged ??= [])[i] = value;
    if (value !== null) return value;
  }
  const trial = tryOption(search, state, trials, i);
  if (!trial) return -Infinity;
  return judged(search, settle(search, trial.state, state.stack.length, option.type === "deliver")) + trial.bonus;
}

/**
 * What `stepValue` finds for a worker bonus or an auxiliary exchange at a frame the trial leaves
 * on top, worked out without the trial (null: it needs the trial). A bonus: the evaluation of its
 * trial (quiet-trials.ts `workerBonus`), which settle leaves as it is, is that of the seat's entry
 * after it. An exchange in place of the location's actions, the turn's last frame (aux 3): the
 * trial draws the draw pile's first card, a stand-in, puts it back out of the hand and closes the
 * frames, which leaves every part the evaluation reads as it was: its value is the state's own
 * plus the exchange's gain (search.ts `newTrial`). These were a bonus at a third of all actions
 * and an exchange at a sixth, each a trial (the exchange through the rules); search.test checks
 * both against their trials.
 */
export function valueWithoutTrial(search: Search, state: ElPasoState, option: ElPasoAction): number | null {
  const seat = search.belief.seat;
  if (state.phase.kind !== "turn" || state.active !== seat) return null;
  const top = state.stack.at(-1)?.kind;
  const me = state.players[seat]!;
  if (option.type === "bonus" && (top === "actions" || top === "aux" || top === "hireSecond")) return evaluateSeat(search.belief, state, workerBonusEntry(me, option.worker), postFacts(state.posts, seat), search.horizon, search.weights);
  if (option.type === "aux" && option.aux === 3 && top === "actions" && state.stack.length === 1 && me.draw.length > 0 && me.draw[0] === PLACEHOLDER && me.hand.indexOf(PLACEHOLDER) < 0) return judged(search, state) + exchangeGain(search, state);
  return null;
}

/**
 * A worker bonus offered with a delivery, valued as the delivery the step takes (`greedyStep`,
 * its post's reward not yet taken) with the bonus taken after it: the bonus changes the seat's
 * money, certificates and workers, which the delivery leaves as they are but for the disc's money
 * and the certificates spent. Tried and settled, each bonus played the whole delivery step again
 * from its trial, every post and disc and each post's reward (a delivery decision offered 1.8
 * such steps, a tenth of the bot's time; issue #14). Null when the step takes no delivery (the
 * bonus is then tried and settled as any option).
 */
export function bonusBeforeDelivery(search: Search, state: ElPasoState, trials: Trials, worker: WorkerType): number | null {
  if (state.stack.at(-1)?.kind !== "deliver") return null;
  const next = greedyStep(search, state);
  if (next === null || next === ENDS_TURN || !stillMyTurn(search, next) || !QUIET_UNDER_BONUS.has(next.stack.at(-1)?.kind ?? "")) return null;
  let delivery = false;
  for (let j = 0; j < trials.options.length && !delivery; j++) delivery = trials.options[j]!.type === "deliver" && trials.made[j]?.state === next;
  if (!delivery) return null;
  return judged(search, workerBonus(next, search.belief.seat, worker));
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
