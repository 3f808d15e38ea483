/**
 * A hand's breeding value (rules §7 delivery): each breed counted once, plus the duplicates a
 * bonus tile lets count. Apart from prompts.ts for its size; the rules, the views and the
 * prompts all ask it.
 */
import { BREED_DATA, BREEDS, type Breed, type CardId, breedOf } from "./data.ts";

/**
 * The hand's breeding value before certificates: each breed once, plus counted duplicates
 * (RULINGS.duplicatesStack). By breed index and a bit per breed seen, each card's index
 * remembered per card id (`breedIndexOf`): cutting the breed out of the id made a new string per
 * card, and every view (its own entry's breeding value), delivery prompt and the bot's delivery
 * steps count a hand (issue #14). prompts.test compares it with the plain count over many hands.
 */
export function handBreedingValue(hand: readonly CardId[], duplicates: number): number {
  // Index loops: the hand is a frozen list of the state, where V8's array builtins are slow (issue #14).
  let seen = 0;
  let dupes = 0;
  let value = 0;
  for (let i = 0; i < hand.length; i++) {
    const breed = breedIndexOf(hand[i]!);
    // Not a breed (no hand holds one), or more duplicates than the scratch list holds: counted
    // as it always was.
    if (breed < 0 || dupes === DUPES.length) return plainHandBreedingValue(hand, duplicates);
    const bv = BREED_BV[breed]!;
    if ((seen & (1 << breed)) !== 0) DUPES[dupes++] = bv;
    else {
      seen |= 1 << breed;
      value += bv;
    }
  }
  if (duplicates === 0 || dupes === 0) return value;
  // The `duplicates` highest of the duplicates' values (ascending after the sort).
  const sorted = DUPES.subarray(0, dupes).sort();
  for (let i = 0; i < duplicates && i < dupes; i++) value += sorted[dupes - 1 - i]!;
  return value;
}
const BREED_BV = BREEDS.map((b) => BREED_DATA[b].bv);
/** Scratch list of `handBreedingValue`: a hand never holds more cards than the game has. */
const DUPES = new Float64Array(256);

/** A cattle card's breed as its index in BREEDS (-1: not a breed), remembered per card id (a few hundred ids). */
function breedIndexOf(card: CardId): number {
  let index = BREED_INDEX_OF.get(card);
  if (index === undefined) {
    index = (BREEDS as readonly string[]).indexOf(breedOf(card));
    BREED_INDEX_OF.set(card, index);
  }
  return index;
}
const BREED_INDEX_OF = new Map<CardId, number>();

/** `handBreedingValue` by breed names, as the rules count it: the reference the fast one is tested against. */
export function plainHandBreedingValue(hand: readonly CardId[], duplicates: number): number {
  const seen: Breed[] = [];
  const dupes: number[] = [];
  let value = 0;
  for (let i = 0; i < hand.length; i++) {
    const breed = breedOf(hand[i]!);
    if (seen.includes(breed)) dupes.push(BREED_DATA[breed].bv);
    else {
      seen.push(breed);
      value += BREED_DATA[breed].bv;
    }
  }
  if (duplicates === 0 || dupes.length === 0) return value;
  dupes.sort((a, b) => b - a);
  for (let i = 0; i < duplicates && i < dupes.length; i++) value += dupes[i]!;
  return value;
}
