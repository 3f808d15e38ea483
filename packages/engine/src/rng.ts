/**
 * The game RNG. Its whole state is a short array of numbers stored inside the game state, so a
 * state can be cloned, serialised and restored without losing the random sequence, and the same
 * seed replays identically. The generator is pure-rand's xoroshiro128+.
 *
 * The seed is the game's secret (DESIGN.md principle 1): its SHA-256 fills the generator's whole
 * 128-bit state, so knowing the board never narrows the start down to a searchable set. (Until
 * issue #9 the state came from a 32-bit hash of the seed: a spectator searched all 2³² starts
 * in minutes and knew every draw to come.) Tables seed with 32 random bytes (`newTableSeed`).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { Random } from "./contract.ts";

export type RngState = number[];

/**
 * Seeds of matches stored before the 128-bit derivation carry this prefix (a migration added it),
 * and only they take the old 32-bit path, so that those matches still replay. No seed the server
 * makes has it: `newTableSeed` is base64url, which has no colon.
 */
export const LEGACY_SEED_PREFIX = "fnv32:";

const utf8 = new TextEncoder();

/** The generator's full state from a seed: the first 128 bits of SHA-256 of its UTF-8 bytes. */
export function seedState(seed: string): RngState {
  return stateFromDigest(sha256(utf8.encode(seed)));
}

/**
 * The generator's full state from a SHA-256 digest: its first 128 bits. For a caller that hashes
 * with its platform's SHA-256, several times faster than this package's portable one (the
 * server's bots: bot-random.ts), and gets the very state `seedState` would give.
 */
export function stateFromDigest(digest: Uint8Array): RngState {
  const words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state = [0, 1, 2, 3].map((i) => words.getInt32(i * 4));
  // xoroshiro's one forbidden state is all zeros; then the digest's second half (2⁻¹²⁸ odds).
  return state.some((word) => word !== 0) ? state : [4, 5, 6, 7].map((i) => words.getInt32(i * 4));
}

/** 32-bit FNV-1a of the seed text: the derivation of matches stored before issue #9. */
function legacyHash(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export function seedRng(seed: string): RngState {
  if (seed.startsWith(LEGACY_SEED_PREFIX)) {
    return [...xoroshiro128plus(legacyHash(seed.slice(LEGACY_SEED_PREFIX.length))).getState()];
  }
  return seedState(seed);
}

/** A fresh table seed: 32 random bytes as base64url (43 characters), from the platform's CSPRNG. */
export function newTableSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
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

/**
 * A mutable Random for bots and simulators; independent of any game state. It takes the same
 * 128-bit derivation as games (never the legacy one): a server bot's seed is as secret as the
 * table's, and human-readable simulator seeds go through the same hash.
 */
export function createRandom(seed: string): Random {
  return randomFrom(seedState(seed));
}

/** A mutable Random from a generator's full state (`seedState`, `stateFromDigest`). */
export function randomFrom(state: RngState): Random {
  const generator = xoroshiro128plusFromState(state);
  return {
    int: (min, max) => uniformInt(generator, min, max),
    pick(items) {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[uniformInt(generator, 0, items.length - 1)]!;
    },
  };
}
