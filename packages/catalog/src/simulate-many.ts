import { type AnyGame, type Chooser, type FinalScores, playOut } from "@saloon/engine";

export interface SeatReport {
  seat: number;
  meanScore: number;
  minScore: number;
  maxScore: number;
  /** Share of games won; a shared win counts for each winner. */
  winShare: number;
  /** 95 % Wilson score interval of `winShare`. */
  winInterval: [number, number];
}

export interface SimulationReport {
  game: string;
  players: number;
  games: number;
  seed: string;
  seconds: number;
  gamesPerSecond: number;
  actionsPerGame: number;
  seats: SeatReport[];
  /** Mean final score over every seat of every game. */
  meanScore: number;
  /** Mean of each game's highest total. */
  meanWinningScore: number;
  /** Mean points per scoring category over all seats. */
  categories: Record<string, number>;
  /** The game's own figures (`Game.stats`), mean per player; empty when the game has none. */
  stats: Record<string, number>;
  /** Time the bot took per decision (the `bot` call alone, not the view or the rules). */
  decisions: { count: number; medianMs: number; p95Ms: number; maxMs: number };
}

/** 95 % Wilson score interval of a proportion: `hits` out of `n`. */
export function wilsonInterval(hits: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const quantile = (sorted: number[], q: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

/** Plays `games` bot games with seeds `<seed>-0`, `<seed>-1`, … and summarises them. */
export function simulateMany(game: AnyGame, players: number, games: number, seed: string): SimulationReport {
  const finals: FinalScores[] = [];
  const statSums: Record<string, number> = {};
  const decisionMs: number[] = [];
  const timedBot: Chooser<any, any, any, any> = (g, state, seat, random, memory) => {
    const prompt = g.prompts(state).find((p) => p.seat === seat)!;
    const view = g.view(state, seat);
    const started = performance.now();
    const action = g.bot(view, prompt, random, memory);
    decisionMs.push(performance.now() - started);
    return action;
  };
  const choosers = Array.from({ length: players }, () => timedBot);
  let actions = 0;
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const { state, log, events } = playOut(game, { seed: `${seed}-${i}`, seats: players, choosers });
    const scores = game.scores(state);
    if (!scores) throw new Error(`game ${seed}-${i} ended without scores`);
    finals.push(scores);
    actions += log.length;
    for (const perSeat of game.stats?.(state, events) ?? []) for (const [name, value] of Object.entries(perSeat)) statSums[name] = (statSums[name] ?? 0) + value;
  }
  const seconds = (performance.now() - started) / 1000;
  const seats = Array.from({ length: players }, (_, seat): SeatReport => {
    const totals = finals.map((f) => f.lines[seat]!.total);
    const wins = finals.filter((f) => f.winners.includes(seat)).length;
    return {
      seat,
      meanScore: totals.reduce((a, b) => a + b, 0) / games,
      minScore: Math.min(...totals),
      maxScore: Math.max(...totals),
      winShare: wins / games,
      winInterval: wilsonInterval(wins, games),
    };
  });
  const categories: Record<string, number> = {};
  for (const f of finals)
    for (const line of f.lines)
      for (const [category, points] of Object.entries(line.breakdown)) categories[category] = (categories[category] ?? 0) + points / (games * players);
  const stats = Object.fromEntries(Object.entries(statSums).map(([name, sum]) => [name, sum / (games * players)]));
  const sorted = decisionMs.sort((a, b) => a - b);
  return {
    game: game.id,
    players,
    games,
    seed,
    seconds,
    gamesPerSecond: games / seconds,
    actionsPerGame: actions / games,
    seats,
    meanScore: seats.reduce((sum, s) => sum + s.meanScore, 0) / players,
    meanWinningScore: finals.reduce((sum, f) => sum + Math.max(...f.lines.map((l) => l.total)), 0) / games,
    categories,
    stats,
    decisions: { count: sorted.length, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), maxMs: sorted[sorted.length - 1] ?? 0 },
  };
}
