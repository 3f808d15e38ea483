/**
 * The simulator: plays bot games and prints throughput, each seat's scores and win share (with
 * its 95 % interval), the mean and winning score, points per category, the game's own figures
 * (turns, deliveries … per player) and the bot's time per decision.
 *   pnpm sim fistful --players 4 --games 1000 --seed 1 [--json]
 *   pnpm sim el-paso --players 1 [--difficulty 0-3]   solo against Sue (sim-solo.ts)
 */
import { readOptions } from "@saloon/cli";
import { findGame, games } from "./index.ts";
import { simulateMany } from "./simulate-many.ts";
import { runSolo } from "./sim-solo.ts";

const { values, positionals, fail } = readOptions(
  "pnpm sim",
  {
    players: { type: "string", default: "4" },
    games: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
    difficulty: { type: "string" },
  },
  { positionals: `<${Object.keys(games).join("|")}>` },
);

if (positionals.length !== 1) fail("name one game");
const game = findGame(positionals[0]!) ?? fail(`no game "${positionals[0]}"`);
if (values.players === "1") process.exit(runSolo(game, values));
const players = Number(values.players);
const count = Number(values.games);
if (!Number.isInteger(players) || players < game.minSeats || players > game.maxSeats || !Number.isInteger(count) || count < 1) {
  fail(`${game.title}: --players must be ${game.minSeats}..${game.maxSeats} and --games a positive integer`);
}

const report = simulateMany(game, players, count, values.seed);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${game.title}: ${report.games} games, ${report.players} players, seed "${values.seed}"`);
  console.log(`  ${report.seconds.toFixed(2)} s, ${report.gamesPerSecond.toFixed(1)} games/s, ${report.actionsPerGame.toFixed(1)} actions/game`);
  for (const s of report.seats) {
    console.log(
      `  seat ${s.seat}: mean ${s.meanScore.toFixed(1)} (min ${s.minScore}, max ${s.maxScore}), won ${pct(s.winShare)} (95% ${pct(s.winInterval[0])}–${pct(s.winInterval[1])}; fair ${pct(1 / report.players)})`,
    );
  }
  console.log(`  mean score ${report.meanScore.toFixed(1)}, mean winning score ${report.meanWinningScore.toFixed(1)}`);
  console.log(`  mean points per player by category: ${Object.entries(report.categories).map(([c, p]) => `${c} ${p.toFixed(1)}`).join(", ")}`);
  if (Object.keys(report.stats).length > 0) console.log(`  per player: ${Object.entries(report.stats).map(([name, v]) => `${name} ${v.toFixed(2)}`).join(", ")}`);
  const d = report.decisions;
  console.log(`  bot decisions: ${d.count}, median ${d.medianMs.toFixed(3)} ms, 95th percentile ${d.p95Ms.toFixed(3)} ms, max ${d.maxMs.toFixed(1)} ms`);
}
