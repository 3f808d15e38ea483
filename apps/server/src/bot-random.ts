/**
 * A server bot's randomness for one decision. It comes from the table's secret seed, the number
 * of the move about to be made and the seat, never from a stream that lives in memory: a table
 * rebuilt after a crash (or on another process) makes exactly the choices it would have made.
 * SHA-256 keeps the seed out of reach of anyone who watches the bots' choices.
 */
import { createHash } from "node:crypto";
import { type Random, type Seat, createRandom } from "@saloon/engine";

export function botRandom(seed: string, moveIndex: number, seat: Seat): Random {
  return createRandom(createHash("sha256").update(`${seed}\u0000bot\u0000${moveIndex}\u0000${seat}`).digest("base64url"));
}
