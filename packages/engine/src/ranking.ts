import type { FinalScores, ScoreLine, Seat } from "./contract.ts";

/** Compares two seats' results: higher total first, then each tie-break value in turn. */
function compareResults(a: Omit<ScoreLine, "placement">, b: Omit<ScoreLine, "placement">): number {
  if (a.total !== b.total) return b.total - a.total;
  for (let i = 0; i < Math.max(a.tiebreak.length, b.tiebreak.length); i++) {
    const diff = (b.tiebreak[i] ?? 0) - (a.tiebreak[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Turns per-seat totals into final scores. A seat's placement is one more than the number of
 * seats strictly ahead of it, so seats still equal after every tie-break share their place
 * (and, at the top, the win).
 */
export function rankResults(categories: string[], results: Omit<ScoreLine, "placement">[]): FinalScores {
  const lines: ScoreLine[] = results.map((line) => ({
    ...line,
    placement: 1 + results.filter((other) => compareResults(other, line) < 0).length,
  }));
  const winners: Seat[] = lines.filter((line) => line.placement === 1).map((line) => line.seat);
  return { categories, lines, winners };
}
