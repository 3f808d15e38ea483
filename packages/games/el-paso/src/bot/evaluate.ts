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
import type { ElPasoState } from "../state.ts";
import type { Belief } from "./belief.ts";
import { boardFacts, buildingUse, distanceToElPaso, postFacts, workersUse } from "./board.ts";
import { deliveriesValue } from "./deliveries.ts";
import { CATTLE_VP, NB, holdings } from "./holdings.ts";
import { knownObjectivesValue, objectivesValue } from "./objectives.ts";
import { type Horizon, WEIGHTS, type Weights } from "./weights.ts";

export function evaluate(b: Belief, s: ElPasoState, h: Horizon, w: Weights = WEIGHTS): number {
  const seat = b.seat;
  const me = s.players[seat]!;
  const own = holdings(b, me);
  const { types: buildingTypes, vp: buildingsVp, builders } = boardFacts(s.board, seat);
  const posts = postFacts(s.posts, seat);
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
  value += knownObjectivesValue(me.objectives, own, builders, discs10, discs16, h, w);
  value += deliveriesValue(b, s, me, own.hand, own.handCards, own.cattle, deliveriesLeft, w, posts.open);
  value += Math.min(me.tokens, 3) * w.token * h.invest;
  value += workersUse(s, own, buildingTypes, w) * h.invest;
  for (const type of buildingTypes) value += buildingUse(s, type) * w.buildingVisits * h.invest;
  const abilities = discAbilities(w);
  // The discs still on the seat's board as bits (D1 → bit 1 …): one pass instead of a search per ability.
  let onBoard = 0;
  for (let i = 0; i < me.discs.length; i++) onBoard |= discBit(me.discs[i]!);
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
