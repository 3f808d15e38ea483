/**
 * Where a person's take-backs end (issue #15 item 3). Within their own turn a person may take
 * back decisions, but never past a point where the game told them something they could not
 * know before, drew randomness, or handed a decision to another seat: taking such a step back
 * would let them try the draw again, or unsee what they saw. The engine finds these points; the
 * room keeps the steps that may still be taken back.
 */
import type { AnyGame, Seat } from "./contract.ts";
import { sameJson } from "./json.ts";

/** Why an applied action closes the undo window, or null when it may still be taken back. */
export type UndoBarrier = "over" | "random" | "handover" | "reveal" | "turn";

/**
 * Whether `seat`'s action, which took the game from `before` to `after`, may be taken back.
 *
 * Found for every game alike: the game ended; the game's RNG (a state's `rng`, by the engine's
 * convention) moved, so a die was rolled or a pile shuffled; the decisions owed changed from
 * this seat alone (a turn passed, another seat must answer, or several seats act at once).
 * Found by the game (`closesUndo`): hidden things came into view without any randomness drawn,
 * such as a draw from a pile shuffled at setup, or the seat's turn ended though it decides next.
 */
export function undoBarrier(game: AnyGame, before: unknown, after: unknown, seat: Seat): UndoBarrier | null {
  if (game.isOver(after)) return "over";
  if (!sameJson(rngOf(before) ?? null, rngOf(after) ?? null)) return "random";
  if (!onlySeatOwes(game, before, seat) || !onlySeatOwes(game, after, seat)) return "handover";
  return game.closesUndo?.(before, after, seat) ?? null;
}

/**
 * What a seat may be told about a step before it takes it (the "confirm before ending my turn"
 * check): whether it could still be taken back, and whether it ends the turn. A step that draws
 * randomness or reveals something is only ever "final": whether it also ends the turn or the game
 * can depend on what is drawn (the last dynamite, a 6 that ends the game), and saying so before
 * the draw would tell the seat the draw.
 */
export function stepPreview(game: AnyGame, before: unknown, after: unknown, seat: Seat): { final: boolean; endsTurn: boolean } {
  const barrier = undoBarrier(game, before, after, seat);
  if (barrier === null) return { final: false, endsTurn: false };
  const drawsOrReveals = !sameJson(rngOf(before) ?? null, rngOf(after) ?? null) || game.closesUndo?.(before, after, seat) === "reveal";
  return { final: true, endsTurn: !drawsOrReveals };
}

function rngOf(state: unknown): unknown {
  return state !== null && typeof state === "object" ? (state as { rng?: unknown }).rng : undefined;
}

function onlySeatOwes(game: AnyGame, state: unknown, seat: Seat): boolean {
  const prompts = game.prompts(state);
  return prompts.length === 1 && prompts[0]!.seat === seat;
}
