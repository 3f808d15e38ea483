/**
 * The game RNG. Its whole state is a short array of numbers stored inside the game state, so a
 * state can be cloned, serialised and restored without losing the random sequence, and the same
 * seed replays identically. The generator is pure-rand's xoroshiro128+.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { Random } from "./contract.ts";

export type RngState = number[];

/** 32-bit FNV-1a of the seed text: any string is a valid seed. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export function seedRng(seed: string): RngState {
  return [...xoroshiro128plus(hashSeed(seed)).getState()];
}

/** Draws an integer in [min, max] from the RNG kept in `holder.rng`, advancing it in place. */
export function rollInt(holder: { rng: RngState }, min: number, max: number): number {
  const generator = xoroshiro128plusFromState(holder.rng);
  const value = uniformInt(generator, min, max);
  holder.rng = [...generator.getState()];
  return value;
}

/** Fisher–Yates shuffle in place, driven by the state's RNG. */
export function shuffleInPlace<T>(holder: { rng: RngState }, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rollInt(holder, 0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A mutable Random for bots and simulators; independent of any game state. */
export function createRandom(seed: string): Random {
  const generator = xoroshiro128plus(hashSeed(seed));
  return {
    int: (min, max) => uniformInt(generator, min, max),
    pick(items) {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[uniformInt(generator, 0, items.length - 1)]!;
    },
  };
}
