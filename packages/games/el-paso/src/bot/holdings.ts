/**
 * What the evaluating seat owns, as `evaluate.ts` counts it: its whole herd and its hand by breed
 * index, its workers by type, those ready in the worker area. The evaluation runs some thousand
 * times per decision, so breeds are indices into plain arrays rather than keys of records.
 */
import { BREED_DATA, BREEDS, type Breed, type CardId, WORKER_TYPES, type WorkerType, breedOf, isWorkerCard, workerOf } from "../data.ts";
import type { PlayerState } from "../state.ts";
import { type Belief, isPlaceholder } from "./belief.ts";

// ---------------------------------------------------------------- breeds as array indices

export const NB = BREEDS.length;
export const BREED_INDEX = Object.fromEntries(BREEDS.map((b, i) => [b, i])) as Record<Breed, number>;
export const BV = BREEDS.map((b) => BREED_DATA[b].bv);
export const CATTLE_VP = BREEDS.map((b) => BREED_DATA[b].vp);
/**
 * A cattle card's breed index, remembered per card id: the ids are few (a game's cards and the
 * belief's stand-ins), and cutting the breed out of the id for every card of every evaluation
 * was a twentieth of the bot's time.
 */
const CARD_INDEX = new Map<CardId, number>();
export function cattleIndex(card: CardId): number {
  let index = CARD_INDEX.get(card);
  if (index === undefined) {
    index = BREED_INDEX[breedOf(card)];
    CARD_INDEX.set(card, index);
  }
  return index;
}

/**
 * A worker card's type, or null for a cattle card, remembered per card id like `cattleIndex`:
 * cutting the type out of the id made a new string per worker card per evaluation.
 */
const CARD_WORKER = new Map<CardId, WorkerType | null>();
export function workerType(card: CardId): WorkerType | null {
  let type = CARD_WORKER.get(card);
  if (type === undefined) {
    type = isWorkerCard(card) ? workerOf(card) : null;
    CARD_WORKER.set(card, type);
  }
  return type;
}

/**
 * A card's breed index (below NB) or NB + its worker type's index, remembered per card id: one
 * lookup per card of the discard pile, which holds both kinds, instead of two for a cattle card.
 */
const CARD_CODE = new Map<CardId, number>();
export function cardCode(card: CardId): number {
  let code = CARD_CODE.get(card);
  if (code === undefined) {
    const type = workerType(card);
    code = type !== null ? NB + WORKER_TYPES.indexOf(type) : cattleIndex(card);
    CARD_CODE.set(card, code);
  }
  return code;
}

// ---------------------------------------------------------------- what the seat owns

export interface Holdings {
  /** Every owned cattle card by breed index. */
  cattle: number[];
  workers: Record<WorkerType, number>;
  /** Workers in the worker area, ready now. */
  ready: Record<WorkerType, number>;
  /** Cattle in hand, real cards only (not the placeholders drawn at the end of a trial turn). */
  hand: number[];
  handCards: number;
}

/**
 * What the seat owns in `me`. The answer is one object per seat, filled anew at each call: an
 * evaluation reads it and keeps nothing of it (evaluate.ts), and five new objects per evaluation
 * were work for the garbage collector (issue #14). Read it before the next call.
 */
export function holdings(b: Belief, me: PlayerState): Holdings {
  const own = (SCRATCH[b.seat] ??= { cattle: new Array<number>(NB).fill(0), workers: { COW: 0, ENG: 0, BLD: 0, WLD: 0 }, ready: { COW: 0, ENG: 0, BLD: 0, WLD: 0 }, hand: new Array<number>(NB).fill(0), handCards: 0 });
  // The last answer again when it was found from the very same lists and draw pile: a trial shares
  // the lists its option leaves as they are (belief.ts trialCopy), and a state is never changed
  // once made, so the evaluations of a step's options mostly ask about the same lists in a row.
  const last = LAST;
  if (me.hand === last.hand && me.discard === last.discard && me.workers === last.workers && b.drawCattleByIndex === last.drawn && b.drawWorkers === last.drawWorkers && own === last.own) return own;
  last.own = own;
  last.hand = me.hand;
  last.discard = me.discard;
  last.workers = me.workers;
  last.drawn = b.drawCattleByIndex;
  last.drawWorkers = b.drawWorkers;
  const { cattle, workers, ready, hand } = own;
  const drawn = b.drawCattleByIndex;
  for (let i = 0; i < NB; i++) {
    cattle[i] = drawn[i]!;
    hand[i] = 0;
  }
  // Workers counted by type in locals, one lookup per card (`cardCode`), and written to the
  // records once: a record's field by a type held in a variable is a keyed load and store, and
  // those per card were a fifth of the evaluation's time (issue #14).
  let readyCow = 0;
  let readyEng = 0;
  let readyBld = 0;
  let readyWld = 0;
  const area = me.workers;
  for (let i = 0; i < area.length; i++) {
    const code = cardCode(area[i]!);
    if (code === NB) readyCow++;
    else if (code === NB + 1) readyEng++;
    else if (code === NB + 2) readyBld++;
    else readyWld++;
  }
  let handCards = 0;
  const cards = me.hand;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    if (isPlaceholder(card)) continue;
    const index = cattleIndex(card);
    cattle[index]!++;
    hand[index]!++;
    handCards++;
  }
  const { COW, ENG, BLD, WLD } = b.drawWorkers;
  let cow = COW + readyCow;
  let eng = ENG + readyEng;
  let bld = BLD + readyBld;
  let wld = WLD + readyWld;
  const discarded = discardCounts(me.discard);
  for (let i = 0; i < NB; i++) cattle[i]! += discarded[i]!;
  cow += discarded[NB]!;
  eng += discarded[NB + 1]!;
  bld += discarded[NB + 2]!;
  wld += discarded[NB + 3]!;
  workers.COW = cow;
  workers.ENG = eng;
  workers.BLD = bld;
  workers.WLD = wld;
  ready.COW = readyCow;
  ready.ENG = readyEng;
  ready.BLD = readyBld;
  ready.WLD = readyWld;
  own.handCards = handCards;
  return own;
}
const SCRATCH: Holdings[] = [];

/**
 * The discard pile's cards by `cardCode` (breeds, then worker types), for the last two frozen
 * piles asked about: the discard pile is most of the cards counted, and the trials of a step
 * share it unless their option discards (a purchase, a card sold), so the evaluations of a step
 * mostly ask about one or two piles while the hand or the workers differ (which `holdings`'s
 * last answer goes by). An unfrozen pile, which might be changed in place, is counted afresh.
 */
function discardCounts(discard: readonly CardId[]): Int32Array {
  const kept = DISCARDS;
  if (discard === kept.piles[0]) return kept.counts[0]!;
  if (discard === kept.piles[1]) return kept.counts[1]!;
  // The older entry's counts are reused for this pile (the newer one stays).
  const counts = kept.counts[1]!;
  counts.fill(0);
  for (let i = 0; i < discard.length; i++) counts[cardCode(discard[i]!)]!++;
  kept.piles[1] = kept.piles[0]!;
  kept.counts[1] = kept.counts[0]!;
  kept.piles[0] = Object.isFrozen(discard) ? discard : null;
  kept.counts[0] = counts;
  return counts;
}
const DISCARDS = {
  piles: [null, null] as (readonly CardId[] | null)[],
  counts: [new Int32Array(NB + WORKER_TYPES.length), new Int32Array(NB + WORKER_TYPES.length)],
};
/** What the last answer was found from (`holdings`). */
const LAST: { own: Holdings | null; hand: readonly CardId[] | null; discard: readonly CardId[] | null; workers: readonly CardId[] | null; drawn: readonly number[] | null; drawWorkers: object | null } = {
  own: null,
  hand: null,
  discard: null,
  workers: null,
  drawn: null,
  drawWorkers: null,
};
