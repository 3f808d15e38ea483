/**
 * A server bot's randomness for one decision. It comes from the table's secret seed, the number
 * of the move about to be made and the seat, never from a stream that lives in memory: a table
 * rebuilt after a crash (or on another process) makes exactly the choices it would have made.
 * SHA-256 keeps the seed out of reach of anyone who watches the bots' choices.
 *
 * The generator is `createRandom` of the first digest's base64url text, as it always was; the
 * second hash (createRandom's seedState) is taken here with Node's crypto instead of the engine's
 * portable one, which gives the same digest: the portable hash was ~2 % of the server's CPU at
 * 1,000 tables (issue #14, docs/sync.md).
 */
import { createHash } from "node:crypto";
import { type Random, type Seat, randomFromState, stateFromDigest } from "@saloon/engine";

export function botRandom(seed: string, moveIndex: number, seat: Seat): Random {
  const text = createHash("sha256").update(`${seed}\u0000bot\u0000${moveIndex}\u0000${seat}`).digest("base64url");
  return randomFromState(stateFromDigest(createHash("sha256").update(text).digest()));
}
