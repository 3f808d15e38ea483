/**
 * A server bot's randomness for one decision. It comes from the table's secret seed, the number
 * of the move about to be made and the seat, never from a stream that lives in memory: a table
 * rebuilt after a crash (or on another process) makes exactly the choices it would have made.
 * The generator's state is the SHA-256 of all three, which keeps the seed out of reach of anyone
 * who watches the bots' choices: the state the engine's `createRandom` would make of that text,
 * hashed by node:crypto, 1 µs where the engine's portable SHA-256 takes 6. (It used to hash
 * twice, node:crypto's digest then again by the engine: 2.2 % of a busy server's time at 1,000
 * Fistful tables, issue #14.)
 */
import { createHash } from "node:crypto";
import { type Random, type RngState, type Seat, randomFrom, stateFromDigest } from "@saloon/engine";

export function botRandom(seed: string, moveIndex: number, seat: Seat): Random {
  return randomFrom(botDice(seed, moveIndex, seat));
}

/** The state of that generator: what a decision made in the bots' thread is given (bot-thinker.ts), not the seed. */
export function botDice(seed: string, moveIndex: number, seat: Seat): RngState {
  return stateFromDigest(createHash("sha256").update(botSeed(seed, moveIndex, seat)).digest());
}

/** The text whose SHA-256 seeds a bot's decision: `createRandom(botSeed(…))` draws the same. */
export function botSeed(seed: string, moveIndex: number, seat: Seat): string {
  return `${seed}\u0000bot\u0000${moveIndex}\u0000${seat}`;
}
