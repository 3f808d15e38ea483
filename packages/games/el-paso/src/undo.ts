/**
 * The steps of El Paso that show hidden cards or tiles without drawing randomness (the piles
 * were shuffled earlier): a turn cannot be taken back past them (engine undo.ts, issue #15 item 3). Turns pass to another seat, which the engine sees.
 * Reshuffling a discard pile moves the RNG, which the engine sees by itself. The market, worker,
 * building and Simmental piles have a fixed order and show nothing new when taken from.
 */
import type { ElPasoState } from "./state.ts";

export function closesUndo(before: ElPasoState, after: ElPasoState): "reveal" | null {
  // A face-down objective or station-bonus tile turned up to refill the display.
  if (after.objPile.length < before.objPile.length || after.bonPile.length < before.bonPile.length) return "reveal";
  // A player drew cattle cards from their face-down draw pile (to their hand, or to look at).
  return after.players.some((player, seat) => player.draw.length < before.players[seat]!.draw.length) ? "reveal" : null;
}
