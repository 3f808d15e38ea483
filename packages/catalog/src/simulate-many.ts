import { type AnyGame, type FinalScores, playOut } from "@saloon/engine";

export interface SimulationReport {
  game: string;
  players: number;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  actionsPerGame: number;
  /** Per seat: mean final score and share of games won (a shared win counts for each winner). */
  seats: { seat: number; meanScore: number; minScore: number; maxScore: number; winShare: number }[];
  /** Mean points per scoring category over all seats. */
  categories: Record<string, number>;
}

/** Plays `games` bot games with consecutive seeds and summarises their scores. */
export function simulateMany(game: AnyGame, players: number, games: number, seed: string): SimulationReport {
  const finals: FinalScores[] = [];
  let actions = 0;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const { state, log } = playOut(game, { seed: `${seed}-${i}`, seats: players });
    const scores = game.scores(state);
    if (!scores) throw new Error(`game ${seed}-${i} ended without scores`);
    finals.push(scores);
    actions += log.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const seats = Array.from({ length: players }, (_, seat) => {
    const totals = finals.map((f) => f.lines[seat]!.total);
    return {
      seat,
      meanScore: totals.reduce((a, b) => a + b, 0) / games,
      minScore: Math.min(...totals),
      maxScore: Math.max(...totals),
      winShare: finals.filter((f) => f.winners.includes(seat)).length / games,
    };
  });
  const categories: Record<string, number> = {};
  for (const f of finals)
    for (const line of f.lines)
      for (const [category, points] of Object.entries(line.breakdown)) categories[category] = (categories[category] ?? 0) + points / (games * players);
  return { game: game.id, players, games, seconds, gamesPerSecond: games / seconds, actionsPerGame: actions / games, seats, categories };
}
