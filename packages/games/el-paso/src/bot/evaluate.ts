/**
 * The bot's judgement of a position: an estimate of its own final score, in victory points.
 * What is already scored counts in full; what may still score (objectives not yet met, the
 * deliveries to come with the herd it owns, money, certificates, workers, its buildings' future
 * use) counts by how likely and how soon it can be turned into points. It runs some thousand
 * times per decision. Its parts:
 *   weights.ts     the weights, tuned by simulation, and the horizon: the time left to the seat
 *   holdings.ts    what the seat owns: herd and hand by breed index, workers by type
 *   board.ts       its buildings and discs on posts, the use of its workers and buildings, the trail
 *   deliveries.ts  the deliveries to come, and the next one alone (to judge an exchange)
 *   objectives.ts  the objectives met, and how reachable the others are in the turns left
 */
import { BONUSES, DOLLARS_PER_VP, SIMMENTAL_SPACE_VP, WORKER_VP } from "../data.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import type { Belief } from "./belief.ts";
import { type PostFacts, boardFacts, buildingUse, distanceToElPaso, postFacts, workersUse } from "./board.ts";
import { deliveriesValue } from "./deliveries.ts";
import { CATTLE_VP, type Holdings, NB, holdings } from "./holdings.ts";
import { knownObjectivesValue, objectivesValue } from "./objectives.ts";
import { type Horizon, WEIGHTS, type Weights } from "./weights.ts";

export function evaluate(b: Belief, s: ElPasoState, h: Horizon, w: Weights = WEIGHTS): number {
  return evaluateSeat(b, s, s.players[b.seat]!, postFacts(s.posts, b.seat), h, w);
}

/**
 * `evaluate` of a state that is `s` with the seat's entry `me` and posts whose facts are `posts`:
 * the same sums in the same order. The rest of the state it reads is the board, the market, the
 * building sides and the phase (a delivery's options are valued so without their states:
 * delivery-values.ts).
 */
export function evaluateSeat(b: Belief, s: ElPasoState, me: PlayerState, posts: PostFacts, h: Horizon, w: Weights = WEIGHTS): number {
  const seat = b.seat;
  const own = holdings(b, me);
  const { types: buildingTypes, vp: buildingsVp, builders } = boardFacts(s.board, seat);
  const { vp: postsVp, discs10, discs16 } = posts;

  // Points already on the scoring pad (objectives and money below); every figure is a whole number.
  let vp = buildingsVp + postsVp;
  // Whole numbers, so their order does not matter; the types written out rather than looped over
  // (a record's field by a type held in a variable is a keyed load).
  const workers = own.workers;
  vp += workers.COW * WORKER_VP.COW + workers.ENG * WORKER_VP.ENG + workers.BLD * WORKER_VP.BLD + workers.WLD * WORKER_VP.WLD;
  for (let i = 0; i < NB; i++) vp += own.cattle[i]! * CATTLE_VP[i]!;
  for (let i = 0; i < me.bonuses.length; i++) vp += BONUSES[me.bonuses[i]!]!.vp;
  if (me.herder === "SIMM") vp += SIMMENTAL_SPACE_VP;
  if (s.phase.kind === "over") return vp + Math.floor(me.money / DOLLARS_PER_VP) + objectivesValue(me.objectives, own, builders, discs10, discs16, h, w, true);

  const placedInTrial = 7 - me.discs.length - h.discsPlaced;
  const deliveriesLeft = Math.max(0, h.deliveries - placedInTrial);
  const late = 1 / DOLLARS_PER_VP;
  // Money the turns left can put to use is worth more than money that will only be counted.
  const usable = Math.min(me.money, w.dollarsPerTurn * h.turns);
  let value = vp + usable * (late + (w.dollar - late) * h.invest) + (me.money - usable) * late;
  value += objectivesPart(b, me, own, builders, discs10, discs16, h, w);
  value += deliveriesPart(b, s, me, own, deliveriesLeft, w, posts.open);
  value += Math.min(me.tokens, 3) * w.token * h.invest;
  value += workersUse(s, own, buildingTypes, w) * h.invest;
  for (const type of buildingTypes) value += buildingUse(s, type) * w.buildingVisits * h.invest;
  const abilities = discAbilities(w);
  const onBoard = discBits(me.discs);
  for (let i = 0; i < abilities.discs.length; i++) if ((onBoard & abilities.bits[i]!) === 0) value += abilities.values[i]! * h.invest;
  if (deliveriesLeft > 0 && me.herder !== null && me.herder !== "SIMM") value -= w.progress * distanceToElPaso(s, me.herder);
  return value;
}

/**
 * The weights' disc abilities as two lists in the record's key order (the order they are added
 * in, as the loop over the record's keys did), made once per weights object (never changed once
 * made: a variant is a new object). A loop over the record's keys at every evaluation cost more
 * than the sum it made.
 */
interface Abilities {
  discs: string[];
  /** Each disc's `discBit`. */
  bits: number[];
  values: number[];
}
/** A disc id's bit ("D1" → 2, … "D7" → 128); 0 for any other key, which no seat's disc matches. */
function discBit(disc: string): number {
  const digit = disc.length === 2 && disc.charCodeAt(0) === 68 /* D */ ? disc.charCodeAt(1) - 48 : -1;
  return digit >= 1 && digit <= 7 ? 1 << digit : 0;
}
/**
 * The discs still on the seat's board as bits (D1 → bit 1 …): one pass instead of a search per
 * ability, and the last list's again (a trial shares the seat's discs unless it delivers, so the
 * evaluations of a decision ask about one or two lists: evaluate.ts's memos).
 */
function discBits(discs: readonly string[]): number {
  if (discs === lastDiscs) return lastDiscBits;
  let bits = 0;
  for (let i = 0; i < discs.length; i++) bits |= discBit(discs[i]!);
  // Only a frozen list stays what it was; a hand-built position's may be changed in place.
  if (Object.isFrozen(discs)) {
    lastDiscs = discs;
    lastDiscBits = bits;
  }
  return bits;
}
let lastDiscs: readonly string[] | null = null;
let lastDiscBits = 0;

function discAbilities(w: Weights): Abilities {
  // The last weights' beside the weak map: one weights object serves a whole search.
  if (w === lastWeights) return lastAbilities!;
  let known = DISC_ABILITIES.get(w);
  if (known === undefined) {
    known = { discs: [], bits: [], values: [] };
    for (const disc in w.discAbility) {
      known.discs.push(disc);
      known.bits.push(discBit(disc));
      known.values.push(w.discAbility[disc]!);
    }
    DISC_ABILITIES.set(w, known);
  }
  lastWeights = w;
  lastAbilities = known;
  return known;
}
let lastWeights: Weights | null = null;
let lastAbilities: Abilities | null = null;
const DISC_ABILITIES = new WeakMap<Weights, Abilities>();

/**
 * The two costliest sums of the evaluation, each the last one's again when it reads the very same
 * lists and figures: a trial shares the seat's lists its option leaves as they are (belief.ts
 * trialCopy) and a state is never changed once made, so the evaluations of a step's options, which
 * run one after another, mostly differ in money, workers or the herder's place only. What each
 * reads: `knownObjectivesValue` the tiles held, the herd and workers (the seat's hand, discard
 * pile and worker area, and the belief's draw pile), builders, discs on posts 10/12 and 16, the
 * horizon's turns and deliveries, the weights.
 */
const lastObjectives = {
  objectives: null as readonly string[] | null,
  hand: null as readonly string[] | null,
  discard: null as readonly string[] | null,
  workers: null as readonly string[] | null,
  drawn: null as readonly number[] | null,
  drawWorkers: null as object | null,
  builders: 0,
  discs10: 0,
  discs16: 0,
  turns: 0,
  deliveries: 0,
  w: null as Weights | null,
  value: 0,
};
function objectivesPart(b: Belief, me: PlayerState, own: Holdings, builders: number, discs10: number, discs16: number, h: Horizon, w: Weights): number {
  const last = lastObjectives;
  if (
    me.objectives === last.objectives &&
    me.hand === last.hand &&
    me.discard === last.discard &&
    me.workers === last.workers &&
    b.drawCattleByIndex === last.drawn &&
    b.drawWorkers === last.drawWorkers &&
    builders === last.builders &&
    discs10 === last.discs10 &&
    discs16 === last.discs16 &&
    h.turns === last.turns &&
    h.deliveries === last.deliveries &&
    w === last.w
  )
    return last.value;
  const value = knownObjectivesValue(me.objectives, own, builders, discs10, discs16, h, w);
  last.objectives = me.objectives;
  last.hand = me.hand;
  last.discard = me.discard;
  last.workers = me.workers;
  last.drawn = b.drawCattleByIndex;
  last.drawWorkers = b.drawWorkers;
  last.builders = builders;
  last.discs10 = discs10;
  last.discs16 = discs16;
  last.turns = h.turns;
  last.deliveries = h.deliveries;
  last.w = w;
  last.value = value;
  return value;
}

/**
 * `deliveriesValue` reads the seat's certificates, discs and bonus tiles (permanent certificates,
 * duplicates, hand size), its hand and herd (the hand and discard pile, and the belief's draw
 * pile), the deliveries left, the open posts (`postFacts`, one list per posts object and seat) and
 * the weights.
 */
const lastDeliveries = {
  certs: 0,
  discs: null as readonly string[] | null,
  bonuses: null as readonly string[] | null,
  hand: null as readonly string[] | null,
  discard: null as readonly string[] | null,
  drawn: null as readonly number[] | null,
  left: 0,
  open: null as readonly boolean[] | null,
  w: null as Weights | null,
  value: 0,
};
function deliveriesPart(b: Belief, s: ElPasoState, me: PlayerState, own: Holdings, left: number, w: Weights, open: readonly boolean[]): number {
  const last = lastDeliveries;
  if (
    me.certs === last.certs &&
    me.discs === last.discs &&
    me.bonuses === last.bonuses &&
    me.hand === last.hand &&
    me.discard === last.discard &&
    b.drawCattleByIndex === last.drawn &&
    left === last.left &&
    open === last.open &&
    w === last.w
  )
    return last.value;
  const value = deliveriesValue(b, s, me, own.hand, own.handCards, own.cattle, left, w, open);
  last.certs = me.certs;
  last.discs = me.discs;
  last.bonuses = me.bonuses;
  last.hand = me.hand;
  last.discard = me.discard;
  last.drawn = b.drawCattleByIndex;
  last.left = left;
  last.open = open;
  last.w = w;
  last.value = value;
  return value;
}
