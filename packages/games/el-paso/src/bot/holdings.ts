/**
 * What the evaluating seat owns, as `evaluate.ts` counts it: its whole herd and its hand by breed
 * index, its workers by type, those ready in the worker area. The evaluation runs some thousand
 * times per decision, so breeds are indices into plain arrays rather than keys of records.
 */
import { BREED_DATA, BREEDS, type Breed, type CardId, type WorkerType, breedOf, isWorkerCard, workerOf } from "../data.ts";
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

export function holdings(b: Belief, me: PlayerState): Holdings {
  const cattle = b.drawCattleByIndex.slice();
  const { COW, ENG, BLD, WLD } = b.drawWorkers;
  const workers: Record<WorkerType, number> = { COW, ENG, BLD, WLD };
  const ready: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
  for (const card of me.workers) {
    const t = workerOf(card);
    workers[t]++;
    ready[t]++;
  }
  const hand = new Array<number>(NB).fill(0);
  let handCards = 0;
  for (const card of me.hand) {
    if (isPlaceholder(card)) continue;
    const i = cattleIndex(card);
    cattle[i]!++;
    hand[i]!++;
    handCards++;
  }
  for (const card of me.discard) {
    if (isWorkerCard(card)) workers[workerOf(card)]++;
    else cattle[cattleIndex(card)]!++;
  }
  return { cattle, workers, ready, hand, handCards };
}
