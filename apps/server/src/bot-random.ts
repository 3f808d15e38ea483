/**
 * A server bot's randomness for one decision. It comes from the table's secret seed, the number
 * of the move about to be made and the seat, never from a stream that lives in memory: a table
 * rebuilt after a crash (or on another process) makes exactly the choices it would have made.
 * The generator's state is the SHA-256 of all three (the engine's `createRandom`), which keeps
 * the seed out of reach of anyone who watches the bots' choices. (It was SHA-256 twice, once here
 * through node:crypto and once in the engine: 1.2 % of a busy server's time at 1,000 tables for
 * no more secrecy; issue #14.)
 */
import { type Random, type Seat, createRandom } from "@saloon/engine";

export function botRandom(seed: string, moveIndex: number, seat: Seat): Random {
  return createRandom(`${seed}\u0000bot\u0000${moveIndex}\u0000${seat}`);
}
