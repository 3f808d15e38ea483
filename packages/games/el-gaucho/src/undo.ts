/**
 * The steps of El Gaucho that cannot be taken back for reasons the engine cannot see (engine
 * undo.ts, issue #15 item 3): hidden tiles shown without drawing randomness (the supply was
 * shuffled at setup), and a turn ended while the same seat decides next (it lays its cattle
 * coming home, or starts the dieless round).
 */
import type { GauchoState } from "./state.ts";

const lookingAtSteppe = (state: GauchoState): boolean => state.phase.kind === "turn" && state.phase.step === "steppeChoose";

export function closesUndo(before: GauchoState, after: GauchoState): "reveal" | "turn" | null {
  // The last secret choice of the pre-round: everyone's kept tiles turn face up together.
  if (before.phase.kind === "choose" && after.phase.kind !== "choose") return "reveal";
  // Tiles left the face-down supply: onto the pampa face up, or into a hand.
  if (after.supply.length < before.supply.length) return "reveal";
  // The seat took the steppe action and now sees the face-down steppe tiles.
  if (lookingAtSteppe(after) && !lookingAtSteppe(before)) return "reveal";
  const sameTurn = after.phase.kind === "turn" && after.round.number === before.round.number && after.active === before.active;
  return before.phase.kind === "turn" && !sameTurn ? "turn" : null;
}
