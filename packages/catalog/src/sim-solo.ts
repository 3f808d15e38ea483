/**
 * The simulator's solo path: `pnpm sim el-paso --players 1 [--difficulty N] [--games N] [--seed S] [--json]`
 * plays the game's bot against Sue at each difficulty (or the one asked for) and prints Sue's
 * mean score, the bot's, and how often the bot wins, so the difficulties can be compared.
 */
import type { AnyGame } from "@saloon/engine";
import { DIFFICULTIES, type Difficulty, elPaso } from "@saloon/el-paso";
import { simulateSoloAll } from "./simulate-solo.ts";

/** Runs the solo simulation for the CLI's parsed arguments; returns the process exit code. */
export function runSolo(game: AnyGame, args: { games: string; seed: string; json: boolean; difficulty?: string | undefined }): number {
  if (game.id !== elPaso.id) {
    console.error(`${game.title} has no solo mode; --players 1 is for ${elPaso.id} (against Sue)`);
    return 2;
  }
  const count = Number(args.games);
  const difficulty = args.difficulty === undefined ? null : Number(args.difficulty);
  if (!Number.isInteger(count) || count < 1 || (difficulty !== null && !DIFFICULTIES.includes(difficulty as Difficulty))) {
    console.error(`--games must be a positive integer and --difficulty one of ${DIFFICULTIES.join(", ")}`);
    return 2;
  }
  const reports = simulateSoloAll(count, args.seed, difficulty === null ? DIFFICULTIES : [difficulty as Difficulty]);
  if (args.json) {
    console.log(JSON.stringify(reports, null, 2));
    return 0;
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`${elPaso.title}, solo: the bot against Sue, ${count} games per difficulty, seed "${args.seed}"`);
  for (const r of reports) {
    console.log(`  difficulty ${r.difficulty} (${r.difficulty === 0 ? "A-cards only" : `A-cards + B1${r.difficulty > 1 ? `–B${r.difficulty}` : ""}`}): ${r.seconds.toFixed(1)} s, ${r.gamesPerSecond.toFixed(1)} games/s, ${r.actionsPerGame.toFixed(1)} actions/game`);
    console.log(
      `    Sue: mean ${r.sue.meanScore.toFixed(1)} ±${r.sue.meanMargin95.toFixed(1)} (min ${r.sue.minScore}, max ${r.sue.maxScore}), ${r.sue.turnsPerGame.toFixed(1)} turns, ${r.sue.deliveriesPerGame.toFixed(1)} deliveries per game`,
    );
    console.log(`    the bot: mean ${r.person.meanScore.toFixed(1)} ±${r.person.meanMargin95.toFixed(1)} (min ${r.person.minScore}, max ${r.person.maxScore}); won ${pct(r.personWinShare)} (95% ${pct(r.personWinInterval[0])}–${pct(r.personWinInterval[1])}); Sue leads by ${r.meanLead.toFixed(1)} ±${r.meanLeadMargin95.toFixed(1)}`);
    const line = (c: Record<string, number>) => Object.entries(c).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ");
    console.log(`    Sue by category: ${line(r.sue.categories)}`);
    console.log(`    the bot by category: ${line(r.person.categories)}`);
  }
  return 0;
}
