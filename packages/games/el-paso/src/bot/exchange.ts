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

/**
 * The hand's and pool's counts, the draw pile's, the seat's discs, certificates and tiles, the open
 * posts and the horizon's deliveries, as one character each (in a scratch list, made into one
 * string at the end): the text with every figure written out took some forty pieces of text per
 * decision that offers an exchange. Each part has a fixed place or says how many follow, so two
 * different sets of figures never make the same key.
 */
function gainKey(seat: number, hand: readonly number[], pool: readonly number[], draw: readonly number[], me: PlayerState, open: readonly boolean[], h: Horizon): string {
  const codes = KEY_CODES;
  let n = 0;
  codes[n++] = seat;
  codes[n++] = numberCode(h.deliveries);
  codes[n++] = numberCode(h.discsPlaced);
  codes[n++] = numberCode(me.certs);
  for (let i = 0; i < NB; i++) {
    codes[n++] = numberCode(hand[i]!);
    codes[n++] = numberCode(pool[i]!);
    codes[n++] = numberCode(draw[i]!);
  }
  codes[n++] = me.discs.length;
  for (let i = 0; i < me.discs.length; i++) codes[n++] = textCode(me.discs[i]!);
  codes[n++] = me.bonuses.length;
  for (let i = 0; i < me.bonuses.length; i++) codes[n++] = textCode(me.bonuses[i]!);
  codes[n++] = open.length;
  for (let i = 0; i < open.length; i++) codes[n++] = open[i] ? 1 : 0;
  codes.length = n;
  return String.fromCharCode.apply(null, codes);
}
const KEY_CODES: number[] = [];
/**
 * A code per distinct number or text met in a key, given in the order met (a few dozen in a
 * process: counts, certificates, the horizon's figures, disc and tile ids), so one character
 * stands for each. Numbers as the key's text wrote them (`${x}`): 0 and -0 alike.
 */
const CODES = new Map<string | number, number>();
function numberCode(x: number): number {
  // Small whole numbers, the usual case, are their own code above the texts' and others' range.
  if (Number.isInteger(x) && x >= 0 && x < 1000) return 0x8000 + x;
  return textCode(`${x}`);
}
function textCode(text: string): number {
  let code = CODES.get(text);
  if (code === undefined) {
    code = CODES.size + 16;
    if (code >= 0x8000) throw new Error("too many distinct figures in exchange keys");
    CODES.set(text, code);
  }
  return code;
}

function gainOf(belief: Belief, state: ElPasoState, horizon: Horizon, weights: Weights, hand: number[], cards: number, pool: readonly number[], total: number): number {
  const next = new NextDeliveries(belief, state, horizon, weights);
  // A new generation of the worths kept by breeds (`worthOf`), for this gain only.
  worthGeneration = (worthGeneration + 1) | 0;
  const now = worthOf(next, hand, cards);
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
      best = Math.max(best, worthOf(next, hand, cards));
      hand[drop]!++;
    }
    hand[b]!--;
    expected += (n / total) * best;
  }
  return expected - now;
}

/**
 * The next delivery's worth with `hand`, kept for this gain by the breeds the hand holds: it
 * depends on which breeds the hand holds, not how many of each (its breeding value counts a breed
 * once; the duplicates a tile counts are taken as likely, not counted), so hands with the same
 * breeds are judged once, by the breeds as bits. Kept in two arrays indexed by those bits and
 * stamped with the gain's generation, not in a map made per gain behind a closure: the closure
 * (and the name the TypeScript loader gives each one made) cost a fifth of the gain (issue #14).
 */
function worthOf(next: NextDeliveries, hand: readonly number[], cards: number): number {
  let breeds = 0;
  for (let i = 0; i < NB; i++) if (hand[i]! > 0) breeds |= 1 << i;
  if (WORTH_STAMP[breeds] === worthGeneration) return WORTH[breeds]!;
  const value = next.worth(hand as number[], cards);
  WORTH[breeds] = value;
  WORTH_STAMP[breeds] = worthGeneration;
  return value;
}
const WORTH = new Float64Array(1 << NB);
const WORTH_STAMP = new Int32Array(1 << NB);
let worthGeneration = 0;
