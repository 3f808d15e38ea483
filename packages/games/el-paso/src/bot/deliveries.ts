/**
 * The deliveries still to come, for `evaluate.ts`: the next one with the cattle in hand and the
 * certificates on the track, the later ones with a hand drawn from the whole herd, each at the
 * best trading post its breeding value reaches. Also the next delivery alone, by which the bot
 * judges an exchange of cards.
 */
import { DISC_DATA, HAND_SIZE_UPGRADED, POST_DATA, POSTS } from "../data.ts";
import { duplicateTiles, handSize, permanentCerts } from "../prompts.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import type { Belief } from "./belief.ts";
import { postFacts } from "./board.ts";
import { BV, NB } from "./holdings.ts";
import { type Horizon, WEIGHTS, type Weights } from "./weights.ts";

interface Spread {
  mean: number;
  sd: number;
}

/**
 * Mean and spread of a hand's breeding value: `hand` (counts by breed) plus `need` cards drawn
 * from `pool`, written into `out` and returned: one of the scratch records below, filled anew at
 * each call (two new records per evaluation were garbage). Read it before the next call with it.
 */
function handValue(hand: readonly number[], need: number, pool: readonly number[], duplicates: number, out: Spread): Spread {
  let mean = 0;
  let total = 0;
  for (let i = 0; i < NB; i++) {
    if (hand[i]! > 0) mean += BV[i]!;
    total += pool[i]!;
  }
  let variance = 0;
  const draws = Math.min(need, total);
  if (draws > 0) {
    for (let i = 0; i < NB; i++) {
      const n = pool[i]!;
      if (n === 0 || hand[i]! > 0) continue;
      let miss = 1;
      for (let k = 0; k < draws; k++) miss *= (total - n - k) / (total - k);
      const p = 1 - Math.max(0, miss);
      mean += BV[i]! * p;
      variance += BV[i]! * BV[i]! * p * (1 - p);
    }
  }
  // A duplicate tile adds one repeated card's value when the hand has one (likely with 4–5 cards).
  mean += duplicates * 1.5;
  out.mean = mean;
  out.sd = Math.sqrt(variance);
  return out;
}
/** The scratch records of `handValue`: the next delivery's hand, the later deliveries' hand, an exchange's hand. */
const NEXT_HAND: Spread = { mean: 0, sd: 0 };
const LATER_HAND: Spread = { mean: 0, sd: 0 };
const EXCHANGE_HAND: Spread = { mean: 0, sd: 0 };

/** 3-point Gauss–Hermite nodes and weights for a normal distribution. */
const NODES = [0, -1.7321, 1.7321];
const NODE_WEIGHTS = [2 / 3, 1 / 6, 1 / 6];

const POST_LIST = POSTS.map((post) => POST_DATA[post]);
// The posts' figures as plain arrays by post index: read for every post at every node of every
// delivery of every evaluation.
const POST_MIN = POST_LIST.map((d) => d.min);
const POST_VP = POST_LIST.map((d) => d.vp);
const POST_DARK = POST_LIST.map((d) => d.dark);
const POST_MULTI = POST_LIST.map((d) => d.multi);
const NP = POSTS.length;

/** What delivering a breeding value of `total` to the post of this index is worth (0: no post); `reward` is `rewards(w)`. */
function postWorth(index: number, total: number, reward: readonly number[], spareCert: number): number {
  if (index < 0) return 0;
  const spend = Math.max(0, POST_MIN[index]! - total);
  return POST_VP[index]! + reward[index]! - spend * spareCert;
}

/** The weights' post rewards by post index, once per weights object (a lookup by post id per post tried cost more). */
function rewards(w: Weights): number[] {
  // The last weights' beside the weak map: one weights object serves a whole search.
  if (w === lastWeights) return lastRewards;
  let known = REWARDS.get(w);
  if (known === undefined) {
    known = POSTS.map((post) => w.postReward[post]);
    REWARDS.set(w, known);
  }
  lastWeights = w;
  lastRewards = known;
  return known;
}
let lastWeights: Weights | null = null;
let lastRewards: number[] = [];
const REWARDS = new WeakMap<Weights, number[]>();

/** The worth of the post `bestPost` found last (0 when none): its caller reads it instead of working it out again. */
// A typed array's slot, not a module variable: a fractional number written to a variable a
// closure or module keeps is a new heap number each time (several per evaluation).
const BEST_WORTH = new Float64Array(1);

/** The index of the best post a breeding value reaches with the certificates at hand (-1: none); its worth in `BEST_WORTH`. */
function bestPost(total: number, certs: number, open: readonly boolean[], light: number, dark: number, reward: readonly number[], spareCert: number): number {
  let index = -1;
  let worth = 0;
  for (let p = 0; p < NP; p++) {
    if (!open[p]) continue;
    if (POST_DARK[p] ? light + dark === 0 : light === 0) continue;
    if (Math.max(0, POST_MIN[p]! - total) > certs) continue;
    const value = postWorth(p, total, reward, spareCert);
    if (index < 0 || value > worth) {
      index = p;
      worth = value;
    }
  }
  BEST_WORTH[0] = worth;
  return index;
}

/** The post the usual hand reaches in the last `expectedWorth` (-1: none). */
let usedPost = -1;

/**
 * One delivery's expected worth at the best post each node of the hand's spread reaches; the post
 * the usual hand reaches (the first node, 0: mean + 0 × sd is the mean exactly) in `usedPost`.
 * One function for `deliveriesValue` and `nextDeliveries`, so that both sum alike.
 */
function expectedWorth(spread: Spread, perm: number, certs: number, open: readonly boolean[], light: number, dark: number, reward: readonly number[], spareCert: number): number {
  let expected = 0;
  for (let k = 0; k < NODES.length; k++) {
    const total = spread.mean + NODES[k]! * spread.sd + perm;
    const index = bestPost(total, certs, open, light, dark, reward, spareCert);
    if (k === 0) usedPost = index;
    expected += NODE_WEIGHTS[k]! * BEST_WORTH[0]!;
  }
  return expected;
}

/**
 * What the deliveries left are worth: the next one with the cattle in hand now (the rest drawn
 * from the draw pile) and the certificates on the track, the later ones with a hand drawn from the
 * whole herd. Each takes the best post its breeding value reaches; a one-disc post is used up.
 */
export function deliveriesValue(
  b: Belief,
  s: ElPasoState,
  me: PlayerState,
  hand: number[],
  handCards: number,
  herd: number[],
  deliveries: number,
  w: Weights,
  facts: readonly boolean[] = postFacts(s.posts, b.seat).open,
): number {
  const certsNow = me.certs;
  if (deliveries <= 0 || me.discs.length === 0) return certsNow * w.spareCert * 0.2;
  const { light, dark: darkNow, permanent, dup, size } = discFigures(me);
  const drawnKey = drawnKeyOf(b.drawCattleByIndex);
  const herdKey = countsKey(herd, 32);
  const handKey = countsKey(hand, 8);
  // Everything else it reads, as one whole number below 2^24 (each figure in range, or not kept).
  let rest = -1;
  if (drawnKey >= 0 && herdKey >= 0 && handKey >= 0 && certsNow >= 0 && certsNow < 8 && light < 8 && darkNow < 4 && permanent < 8 && dup < 4 && handCards >= 0 && handCards < 8 && facts.length === NP) {
    let openBits = 0;
    for (let p = 0; p < NP; p++) if (facts[p]) openBits |= 1 << p;
    rest = (((((((certsNow * 8 + light) * 4 + darkNow) * 2 + (size === HAND_SIZE_UPGRADED ? 1 : 0)) * 8 + permanent) * 4 + dup) * 128 + openBits) * 8 + handCards);
  }
  if (rest < 0) return deliveriesWorth(b, me, hand, handCards, herd, deliveries, w, facts, light, darkNow, permanent, dup, size);
  if (w !== keptWeights) {
    KEPT_KEYS.fill(-1);
    keptWeights = w;
  }
  // The hand's counts and the rest together: 27 + 24 bits, below 2^53, a whole number exactly.
  const inner = handKey * 2 ** 24 + rest;
  const slot = (((herdKey % 65521) * 31 + (inner % 65521) * 7 + (drawnKey % 65521) + deliveries * 8) & (KEPT - 1)) * 4;
  const keys = KEPT_KEYS;
  if (keys[slot] === herdKey && keys[slot + 1] === inner && keys[slot + 2] === drawnKey && keys[slot + 3] === deliveries) return KEPT_VALUES[slot >> 2]!;
  const value = deliveriesWorth(b, me, hand, handCards, herd, deliveries, w, facts, light, darkNow, permanent, dup, size);
  keys[slot] = herdKey;
  keys[slot + 1] = inner;
  keys[slot + 2] = drawnKey;
  keys[slot + 3] = deliveries;
  KEPT_VALUES[slot >> 2] = value;
  return value;
}

/**
 * What the seat's discs and bonus tiles give its deliveries: light and dark discs, permanent
 * certificates, duplicate tiles, hand size. The last lists' figures again (one record, filled
 * anew: read it before the next call): a decision's trials share the seat's discs and tiles
 * unless they deliver or take a tile, and each of these figures is a search of the lists.
 */
interface DiscFigures {
  discs: readonly string[] | null;
  bonuses: readonly string[] | null;
  light: number;
  dark: number;
  permanent: number;
  dup: number;
  size: number;
}
const DISC_FIGURES: DiscFigures = { discs: null, bonuses: null, light: 0, dark: 0, permanent: 0, dup: 0, size: 0 };
function discFigures(me: PlayerState): DiscFigures {
  const f = DISC_FIGURES;
  if (me.discs === f.discs && me.bonuses === f.bonuses) return f;
  let light = 0;
  for (let i = 0; i < me.discs.length; i++) if (!DISC_DATA[me.discs[i]!].dark) light++;
  f.light = light;
  f.dark = me.discs.length - light;
  f.permanent = permanentCerts(me);
  f.dup = duplicateTiles(me);
  f.size = handSize(me);
  // Only frozen lists stay what they were; a hand-built position's may be changed in place.
  const kept = Object.isFrozen(me.discs) && Object.isFrozen(me.bonuses);
  f.discs = kept ? me.discs : null;
  f.bonuses = kept ? me.bonuses : null;
  return f;
}

/**
 * `deliveriesValue`, kept by everything it reads (issue #14): the hand's and the herd's counts, the
 * certificates, the discs' kinds, hand size, permanent certificates and duplicate tiles, the open
 * posts, the deliveries left, the belief's draw pile's counts, and the weights (one set at a time).
 * Seven in ten of its calls (5.2 a simulated action) asked what an earlier one had asked: the
 * moves' arrivals and a delivery step's options share the hand, herd and certificates, in states
 * whose lists are not the same objects (evaluate.ts keeps only the last answer, by its lists).
 * A table of KEPT slots, each one key and its value, the last value found for a key that falls in
 * it (a key is four whole numbers, compared in full): nested maps of every value asked cost
 * nearly what they saved, their lookups in maps grown large (a CPU profile).
 */
const KEPT = 4096;
const KEPT_KEYS = new Float64Array(KEPT * 4).fill(-1);
const KEPT_VALUES = new Float64Array(KEPT);
let keptWeights: Weights | null = null;
let lastDrawn: readonly number[] | null = null;
let lastDrawnKey = -1;
/** The draw pile's counts as one whole number, the last list's again (one per belief). */
function drawnKeyOf(drawn: readonly number[]): number {
  if (drawn !== lastDrawn) {
    lastDrawn = drawn;
    lastDrawnKey = countsKey(drawn, 32);
  }
  return lastDrawnKey;
}

/** Forgets every kept value (tests: the next calls work each value out afresh). */
export function forgetDeliveries(): void {
  KEPT_KEYS.fill(-1);
  keptWeights = null;
  lastDrawn = null;
}

/** Counts by breed as one whole number (base `base`), or -1 when one is out of range. */
function countsKey(counts: readonly number[], base: number): number {
  let key = 0;
  for (let i = NB - 1; i >= 0; i--) {
    const n = counts[i]!;
    if (!(n >= 0 && n < base)) return -1;
    key = key * base + n;
  }
  return key;
}

function deliveriesWorth(
  b: Belief,
  me: PlayerState,
  hand: number[],
  handCards: number,
  herd: number[],
  deliveries: number,
  w: Weights,
  facts: readonly boolean[],
  lightNow: number,
  darkNow: number,
  permanent: number,
  dup: number,
  size: number,
): number {
  const certsNow = me.certs;
  const reward = rewards(w);
  const spareCert = w.spareCert;
  // A scratch copy (the loop below closes posts): one list per call was garbage at every evaluation.
  const open = OPEN;
  for (let p = 0; p < facts.length; p++) open[p] = facts[p]!;
  let light = lightNow;
  let dark = darkNow;
  const perm = permanent + 0.5; // +0.5: a breeding value reaches a post at its minimum
  const next = handValue(hand, size - handCards, b.drawCattleByIndex, dup, NEXT_HAND);
  // The usual hand of the later deliveries, found when there are any.
  let typical: Spread | null = null;
  let value = certsNow * w.spareCert;
  for (let i = 0; i < Math.ceil(deliveries) && light + dark > 0; i++) {
    const spread = i === 0 ? next : (typical ??= handValue(EMPTY_HAND, size, herd, dup, LATER_HAND));
    const certs = i === 0 ? certsNow : w.certsPerLap;
    const expected = expectedWorth(spread, perm, certs, open, light, dark, reward, spareCert);
    const used = usedPost;
    value += Math.min(1, deliveries - i) * expected;
    // That post is used up if it takes one disc only.
    if (used >= 0 && !POST_MULTI[used]) open[used] = false;
    if (used >= 0 && POST_DARK[used] && dark > 0) dark--;
    else light = Math.max(0, light - 1);
  }
  return value;
}
const EMPTY_HAND = new Array<number>(NB).fill(0);
const OPEN: boolean[] = POSTS.map(() => false);

/** The next delivery alone, with this hand (real cards, counts by breed index, `cards` of them) and the rest drawn: to judge an exchange. */
export function nextDeliveryValue(b: Belief, s: ElPasoState, hand: number[], cards: number, h: Horizon, w: Weights = WEIGHTS): number {
  const me = s.players[b.seat]!;
  if (h.deliveries - (7 - me.discs.length - h.discsPlaced) <= 0) return 0;
  return deliveriesValue(b, s, me, hand, cards, EMPTY_HAND, 1, w);
}

/**
 * `nextDeliveryValue` of many hands of one state (an exchange judges some ten: exchange.ts): what
 * does not depend on the hand (the discs, certificates, tiles, hand size, open posts, rewards) is
 * found once, and `worth` sums each hand as `deliveriesValue` does with one delivery left. The
 * parts found again for every hand were half of an exchange's gain, which a decision offering an
 * exchange works out at every decision (issue #14). deliveries.test checks it against
 * `nextDeliveryValue`.
 */
export class NextDeliveries {
  private readonly none: boolean;
  private readonly base: number;
  private readonly open: readonly boolean[];
  private readonly light: number;
  private readonly dark: number;
  private readonly perm: number;
  private readonly dup: number;
  private readonly size: number;
  private readonly certs: number;
  private readonly reward: readonly number[];
  private readonly spareCert: number;
  private readonly pool: readonly number[];

  constructor(b: Belief, s: ElPasoState, h: Horizon, w: Weights = WEIGHTS) {
    const me = s.players[b.seat]!;
    // No delivery left: nextDeliveryValue's 0. No disc left: deliveriesValue's first line.
    this.none = h.deliveries - (7 - me.discs.length - h.discsPlaced) <= 0;
    this.certs = me.certs;
    this.base = me.discs.length === 0 ? this.certs * w.spareCert * 0.2 : this.certs * w.spareCert;
    this.open = postFacts(s.posts, b.seat).open;
    let light = 0;
    for (let i = 0; i < me.discs.length; i++) if (!DISC_DATA[me.discs[i]!].dark) light++;
    this.light = light;
    this.dark = me.discs.length - light;
    this.perm = permanentCerts(me) + 0.5;
    this.dup = duplicateTiles(me);
    this.size = handSize(me);
    this.reward = rewards(w);
    this.spareCert = w.spareCert;
    this.pool = b.drawCattleByIndex;
  }

  /** `nextDeliveryValue` with this hand (counts by breed index, `cards` real cards). */
  worth(hand: number[], cards: number): number {
    if (this.none) return 0;
    if (this.light + this.dark === 0) return this.base;
    const next = handValue(hand, this.size - cards, this.pool, this.dup, EXCHANGE_HAND);
    // One delivery left: `deliveriesValue`'s loop runs once, with the post list as it is.
    return this.base + Math.min(1, 1 - 0) * expectedWorth(next, this.perm, this.certs, this.open, this.light, this.dark, this.reward, this.spareCert);
  }
}
