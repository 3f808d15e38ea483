/**
 * The simulator: plays bot games and prints throughput and score statistics.
 *   pnpm sim fistful --players 4 --games 1000 --seed 1
 */
import { parseArgs } from "node:util";
import { findAnyGame, games, rulesOnlyGames } from "./index.ts";
import { simulateMany } from "./simulate-many.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    players: { type: "string", default: "4" },
    games: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
  },
});

const gameId = positionals[0];
const game = gameId ? findAnyGame(gameId) : undefined;
if (!game) {
  console.error(`usage: pnpm sim <${[...Object.keys(games), ...Object.keys(rulesOnlyGames)].join("|")}> [--players N] [--games N] [--seed S] [--json]`);
  process.exit(2);
}
const players = Number(values.players);
const count = Number(values.games);
if (!Number.isInteger(players) || players < game.minSeats || players > game.maxSeats || !Number.isInteger(count) || count < 1) {
  console.error(`${game.title}: --players must be ${game.minSeats}..${game.maxSeats} and --games a positive integer`);
  process.exit(2);
}

const report = simulateMany(game, players, count, values.seed);
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${game.title}: ${report.games} games, ${report.players} players, seed "${values.seed}"`);
  console.log(`  ${report.seconds.toFixed(2)} s, ${report.gamesPerSecond.toFixed(1)} games/s, ${report.actionsPerGame.toFixed(1)} actions/game`);
  for (const s of report.seats) {
    console.log(
      `  seat ${s.seat}: mean ${s.meanScore.toFixed(1)} (min ${s.minScore}, max ${s.maxScore}), won ${(100 * s.winShare).toFixed(1)}%`,
    );
  }
  console.log(`  mean points per seat by category: ${Object.entries(report.categories).map(([c, p]) => `${c} ${p.toFixed(1)}`).join(", ")}`);
}
