/**
 * The bot against the frozen baseline in 2-player games, each seed played twice with the seats
 * swapped: prints the share of games the bot wins, mean scores and the time per decision.
 *   pnpm --filter @saloon/el-paso versus [--games 400] [--seed vs]
 */
import { readOptions } from "@saloon/cli";
import { type Chooser, playOut } from "@saloon/engine";
import { baselineBot } from "../src/bot/baseline.ts";
import { chooseAction } from "../src/bot/index.ts";
import { elPaso } from "../src/index.ts";

const { values, fail } = readOptions("pnpm --filter @saloon/el-paso versus", { games: { type: "string", default: "400" }, seed: { type: "string", default: "vs" } });
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) fail("--games must be a positive integer");
const times: number[] = [];
const bot: Chooser<any, any, any, any> = (game, state, seat, random) => {
  const prompt = game.prompts(state).find((p) => p.seat === seat)!;
  const view = game.view(state, seat);
  const t = performance.now();
  const a = chooseAction(view, prompt, random);
  times.push(performance.now() - t);
  return a;
};
const base: Chooser<any, any, any, any> = (game, state, seat, random) => baselineBot(game.view(state, seat), game.prompts(state).find((p) => p.seat === seat)!, random);
let wins = 0, ties = 0, botScore = 0, baseScore = 0;
const started = performance.now();
for (let i = 0; i < games; i++) {
  const botSeat = i % 2;
  const { state } = playOut(elPaso, { seed: `${values.seed}-${Math.floor(i / 2)}`, seats: 2, choosers: botSeat === 0 ? [bot, base] : [base, bot] });
  const scores = elPaso.scores(state)!;
  if (scores.winners.includes(botSeat)) { if (scores.winners.length > 1) ties++; else wins++; }
  botScore += scores.lines[botSeat]!.total;
  baseScore += scores.lines[1 - botSeat]!.total;
}
times.sort((a, b) => a - b);
console.log(`${games} games: bot won ${wins} (${(100 * wins / games).toFixed(1)}%), shared ${ties}; mean ${(botScore / games).toFixed(1)} vs baseline ${(baseScore / games).toFixed(1)}`);
console.log(`decisions ${times.length}: median ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms; ${((performance.now() - started) / 1000).toFixed(1)} s`);
