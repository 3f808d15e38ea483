import { type FinalScores, rankResults } from "@saloon/engine";
import type { EarningCategory, GauchoState } from "./state.ts";

/** Pesos by source (RULINGS.pesosBreakdown); they add up to the player's pesos. */
export const SCORE_CATEGORIES: readonly EarningCategory[] = ["sales", "finalSales", "bonus", "compensation"];

/** SCHLUSSWERTUNG: the richest player wins; equal pesos share the win (RULINGS.sharedWin). */
export function finalScores(state: GauchoState): FinalScores | null {
  if (state.phase.kind !== "over") return null;
  return rankResults(
    [...SCORE_CATEGORIES],
    state.players.map((player, seat) => ({ seat, total: player.pesos, breakdown: { ...player.earnings }, tiebreak: [] })),
  );
}
