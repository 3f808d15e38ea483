/**
 * Exchanges, by expectation: a card drawn from the seat's own draw pile (unknown to the bot, its
 * composition known) and the worst card of the hand put back, judged by the next delivery's worth
 * (deliveries.ts). Used to decide an exchange token and to value an auxiliary exchange.
 */
import { BREEDS } from "../data.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import { type Belief, isPlaceholder } from "./belief.ts";
import { postFacts } from "./board.ts";
import { NextDeliveries } from "./deliveries.ts";
import { NB, cattleIndex } from "./holdings.ts";
import type { Search } from "./search.ts";
import type { Horizon, Weights } from "./weights.ts";

/** Expected gain in the next delivery's worth from drawing one card and discarding the worst (per state). */
export function exchangeGain(search: Search, state: ElPasoState): number {
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
export function newExchangeGain(search: Search, state: ElPasoState, remember = true): number {
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
  // Without `remember` (tests): found afresh, nothing kept.
  if (!remember) return gainOf(belief, state, horizon, weights, hand, cards, pool, total);
  // Everything the gain reads below, as text: the same gain at a later decision (55–58 % of them
  // find one, mostly the seat's next decision of the turn; issue #14).
  const key = gainKey(belief.seat, hand, pool, belief.drawCattleByIndex, me, postFacts(state.posts, belief.seat).open, horizon);
  if (weights !== GAINS.weights || GAINS.values.size >= GAINS_LIMIT) {
    GAINS.weights = weights;
    GAINS.values.clear();
  }
  const kept = GAINS.values.get(key);
  if (kept !== undefined) {
    gainsFound++;
    return kept;
  }
  const gain = gainOf(belief, state, horizon, weights, hand, cards, pool, total);
  GAINS.values.set(key, gain);
  return gain;
}

/**
 * Exchange gains by what they read, for one weights object at a time, at most GAINS_LIMIT of
 * them: a decision offering an exchange works the gain out afresh (0.7 times per action, ~10
 * next-delivery values each), where its state's gain map (`search.gains`) is new.
 */
const GAINS = { weights: null as Weights | null, values: new Map<string, number>() };
const GAINS_LIMIT = 5_000;
let gainsFound = 0;
/** How many gains in this process were found kept (tests). */
export const keptGains = (): number => gainsFound;

/** The hand's and pool's counts, the draw pile's, the seat's discs, certificates and tiles, the open posts and the horizon's deliveries. */
function gainKey(seat: number, hand: readonly number[], pool: readonly number[], draw: readonly number[], me: PlayerState, open: readonly boolean[], h: Horizon): string {
  let key = `${seat}|${h.deliveries}|${h.discsPlaced}|${me.certs}|`;
  for (let i = 0; i < NB; i++) key += `${hand[i]},${pool[i]},${draw[i]},`;
  for (let i = 0; i < me.discs.length; i++) key += `${me.discs[i]},`;
  key += "|";
  for (let i = 0; i < me.bonuses.length; i++) key += `${me.bonuses[i]},`;
  key += "|";
  for (let i = 0; i < open.length; i++) key += open[i] ? "1" : "0";
  return key;
}

function gainOf(belief: Belief, state: ElPasoState, horizon: Horizon, weights: Weights, hand: number[], cards: number, pool: readonly number[], total: number): number {
  // The next delivery's worth depends on which breeds the hand holds, not how many of each (its
  // breeding value counts a breed once; the duplicates a tile counts are taken as likely, not
  // counted): hands with the same breeds are judged once, by the breeds as bits.
  const known = new Map<number, number>();
  const next = new NextDeliveries(belief, state, horizon, weights);
  const worth = (): number => {
    let breeds = 0;
    for (let i = 0; i < NB; i++) if (hand[i]! > 0) breeds |= 1 << i;
    let value = known.get(breeds);
    if (value === undefined) {
      value = next.worth(hand, cards);
      known.set(breeds, value);
    }
    return value;
  };
  const now = worth();
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
      best = Math.max(best, worth());
      hand[drop]!++;
    }
    hand[b]!--;
    expected += (n / total) * best;
  }
  return expected - now;
}
