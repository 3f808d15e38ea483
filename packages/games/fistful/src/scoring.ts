import { type FinalScores, type Seat, rankResults } from "@saloon/engine";
import { BAR_POINTS } from "./data.ts";
import type { FistfulState } from "./state.ts";

/** WERTUNG: 1 per gold cube, 10 per gold bar, 5 or 10 per own sign on the board. */
export const SCORE_CATEGORIES = ["gold", "bars", "signs"] as const;

export function scoreBreakdown(state: Pick<FistfulState, "players" | "signs">, seat: Seat): Record<(typeof SCORE_CATEGORIES)[number], number> {
  const player = state.players[seat]!;
  // A loop, not filter and reduce: every view of every state carries each seat's live score (issue #14).
  let signs = 0;
  for (const building in state.signs) {
    const sign = state.signs[building as keyof typeof state.signs]!;
    if (sign.owner === seat) signs += sign.points;
  }
  return { gold: player.gold, bars: player.bars.length * BAR_POINTS, signs };
}

export function scoreTotal(state: Pick<FistfulState, "players" | "signs">, seat: Seat): number {
  const breakdown = scoreBreakdown(state, seat);
  return breakdown.gold + breakdown.bars + breakdown.signs;
}

/** Final scores once the game is over. Tie-break: most cubes (gold + stone); still tied, the win is shared. */
export function finalScores(state: FistfulState): FinalScores | null {
  if (state.step.kind !== "over") return null;
  return rankResults(
    [...SCORE_CATEGORIES],
    state.players.map((player, seat) => {
      const breakdown = scoreBreakdown(state, seat);
      return {
        seat,
        total: breakdown.gold + breakdown.bars + breakdown.signs,
        breakdown,
        tiebreak: [player.gold + player.stone],
      };
    }),
  );
}
