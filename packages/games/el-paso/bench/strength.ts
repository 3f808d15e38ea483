/**
 * The bot against the bot of another revision (by default `main`'s), in 2- and 4-player games
 * with the seats alternated: the strength test for a change that changes the bot's decisions
 * (issue #14). Prints each side's share of wins and mean score, and the bots' time per decision.
 *   pnpm --filter @saloon/el-paso strength [--rev main] [--games2 200] [--games4 60] [--seed str]
 *
 * The other bot is read from git (`git show <rev>:…/src/bot/*.ts`) into bench/.frozen/<commit>/
 * (not kept in git) with its imports of the rules pointed at this tree's src/: one bot in the
 * product, and the comparison plays both on the same rules. Each module keeps its own caches.
 *
 * 2 players: each seed twice, the bot in seat 0 then in seat 1. 4 players: each seed twice, the
 * bot in seats 0 and 2 then in seats 1 and 3, the other revision's bot in the other two. A game
 * counts 1 for a side when all its winners are that side's, ½ when the winners are of both.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readOptions } from "@saloon/cli";
import { type Chooser, playOut } from "@saloon/engine";
import { chooseAction } from "../src/bot/index.ts";
import { elPaso } from "../src/index.ts";
import type { ElPasoPrompt } from "../src/prompts.ts";
import type { ElPasoView } from "../src/view.ts";

const { values, fail } = readOptions("pnpm --filter @saloon/el-paso strength", {
  rev: { type: "string", default: "main" },
  games2: { type: "string", default: "200" },
  games4: { type: "string", default: "60" },
  seed: { type: "string", default: "str" },
});
const games2 = Number(values.games2);
const games4 = Number(values.games4);
if (!(Number.isInteger(games2) && games2 >= 0 && games2 % 2 === 0)) fail("--games2 must be an even whole number");
if (!(Number.isInteger(games4) && games4 >= 0 && games4 % 2 === 0)) fail("--games4 must be an even whole number");
// Handed to git as an argument: a revision, never an option of git's.
if (values.rev.startsWith("-")) fail("--rev must be a revision (a branch, a tag, a commit), not start with -");

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "../src");
// From the top of the work tree: in a subfolder `<rev>:<path>` lists nothing.
const top = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: here, encoding: "utf8" }).trim();
const git = (...args: string[]) => execFileSync("git", args, { cwd: top, encoding: "utf8" });
const commit = git("rev-parse", "--verify", `${values.rev}^{commit}`).trim();
const botDir = relative(top, join(src, "bot"));
const frozenDir = join(here, ".frozen", commit.slice(0, 12), "bot");
mkdirSync(frozenDir, { recursive: true });
for (const line of git("ls-tree", "--name-only", `${commit}:${botDir}`).split("\n")) {
  if (!line.endsWith(".ts") || line.endsWith(".test.ts")) continue;
  // `../x.ts` (the rules) becomes this tree's src/x.ts; `./x.ts` (the bot's own files) stays.
  const text = git("show", `${commit}:${botDir}/${line}`).replace(/from "\.\.\//g, `from "${src}/`);
  writeFileSync(join(frozenDir, line), text);
}
const frozen = (await import(pathToFileURL(join(frozenDir, "index.ts")).href)) as { chooseAction: typeof chooseAction };

type Bot = (view: ElPasoView, prompt: ElPasoPrompt, random: Parameters<typeof chooseAction>[2]) => ReturnType<typeof chooseAction>;
const time = { bot: 0, other: 0, botDecisions: 0, otherDecisions: 0 };
function chooser(bot: Bot, side: "bot" | "other"): Chooser<any, any, any, any> {
  return (game, state, seat, random) => {
    const prompt = game.prompts(state).find((p: ElPasoPrompt) => p.seat === seat)!;
    const view = game.view(state, seat);
    const t = performance.now();
    const action = bot(view, prompt, random);
    time[side] += performance.now() - t;
    time[side === "bot" ? "botDecisions" : "otherDecisions"]++;
    return action;
  };
}
const mine = chooser(chooseAction, "bot");
const theirs = chooser(frozen.chooseAction, "other");

function play(players: number, games: number): void {
  if (games === 0) return;
  let wins = 0;
  let botScore = 0;
  let otherScore = 0;
  for (let i = 0; i < games; i++) {
    const botSeats = Array.from({ length: players }, (_, seat) => seat % 2 === i % 2);
    const { state } = playOut(elPaso, { seed: `${values.seed}-${players}-${Math.floor(i / 2)}`, seats: players, choosers: botSeats.map((b) => (b ? mine : theirs)) });
    const scores = elPaso.scores(state)!;
    const botWinners = scores.winners.filter((seat) => botSeats[seat]).length;
    wins += botWinners === scores.winners.length ? 1 : botWinners > 0 ? 0.5 : 0;
    for (let seat = 0; seat < players; seat++) {
      if (botSeats[seat]) botScore += scores.lines[seat]!.total;
      else otherScore += scores.lines[seat]!.total;
    }
  }
  const seatsEach = (games * players) / 2;
  console.log(
    `${players} players, ${games} games: this bot won ${wins} (${((100 * wins) / games).toFixed(1)} %), ${values.rev}'s ${games - wins}; ` +
      `mean score ${(botScore / seatsEach).toFixed(2)} vs ${(otherScore / seatsEach).toFixed(2)}`,
  );
}

const started = performance.now();
console.log(`this tree's bot against ${values.rev}'s (${commit.slice(0, 12)})`);
play(2, games2);
play(4, games4);
const per = (ms: number, n: number) => ((1000 * ms) / Math.max(1, n)).toFixed(0);
console.log(
  `µs per decision: this bot ${per(time.bot, time.botDecisions)}, ${values.rev}'s ${per(time.other, time.otherDecisions)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
