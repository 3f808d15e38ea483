/**
 * Simulator throughput: bot games played through the same loop as `pnpm sim` (prompts, the
 * seat's view, the bot, `apply`), timed per game, printing actions per second.
 *   pnpm bench:sim [fistful,el-gaucho,el-paso] [--players 2,4] [--seconds 5] [--seed bench]
 * Each game/player count warms up on one game first (JIT), then plays whole games until the time
 * is used up. Wall-clock figures depend on the machine's load; the CPU-time figure (actions per
 * second of this process's own CPU time) is what an idle machine would do, nearly: on a shared
 * machine compare that one.
 *
 * With --floor it also replays the games it played through the same loop, each seat handing back
 * its logged action where the bot would choose (the prompts and the seat's view are still made):
 * what the loop costs without the bot, the most any faster bot can give.
 */
import { loadavg } from "node:os";
import { readOptions } from "@saloon/cli";
import { type AnyGame, type Chooser, type LoggedAction, playOut } from "@saloon/engine";
import { findGame, games } from "./index.ts";

export interface ThroughputReport {
  game: string;
  players: number;
  games: number;
  actions: number;
  seconds: number;
  actionsPerSecond: number;
  /** CPU seconds this process used (user + system). */
  cpuSeconds: number;
  actionsPerCpuSecond: number;
  /** The best half-second batch, per CPU second. */
  bestBatchPerCpuSecond: number;
  /** With --floor: the same games replayed through the loop without the bot, per CPU second. */
  floorPerCpuSecond?: number;
}

/**
 * Plays bot games with seeds `<seed>-0`, `<seed>-1`, … until `seconds` have passed (whole games),
 * in batches of at least half a second; besides the totals it keeps the best batch's rate per
 * CPU second, the figure least disturbed by other work on a shared machine.
 */
export function measureThroughput(game: AnyGame, players: number, seconds: number, seed: string, logs?: LoggedAction[][]): ThroughputReport {
  playOut(game, { seed: `${seed}-warmup`, seats: players });
  let actions = 0;
  let played = 0;
  let bestBatch = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const batchCpu = process.cpuUsage();
    const batchStarted = performance.now();
    let batchActions = 0;
    while (performance.now() - batchStarted < 500) {
      const { log } = playOut(game, { seed: `${seed}-${played}`, seats: players });
      batchActions += log.length;
      logs?.push(log);
      played++;
    }
    actions += batchActions;
    const used = process.cpuUsage(batchCpu);
    bestBatch = Math.max(bestBatch, batchActions / ((used.user + used.system) / 1e6));
  }
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    game: game.id,
    players,
    games: played,
    actions,
    seconds: elapsed,
    actionsPerSecond: actions / elapsed,
    cpuSeconds,
    actionsPerCpuSecond: actions / cpuSeconds,
    bestBatchPerCpuSecond: bestBatch,
  };
}

/** Replays the games `measureThroughput` played (seeds `<seed>-0`, …) with the logged actions instead of the bot. */
export function measureFloor(game: AnyGame, players: number, seed: string, logs: LoggedAction[][]): number {
  let actions = 0;
  const cpu = process.cpuUsage();
  logs.forEach((log, i) => {
    let next = 0;
    // What `gameBot` does before it asks the bot: the seat's prompt and its view.
    const replayer: Chooser<any, any, any, any> = (g, state, seat) => {
      g.prompts(state).find((p) => p.seat === seat);
      g.view(state, seat);
      return log[next++]!.action;
    };
    actions += playOut(game, { seed: `${seed}-${i}`, seats: players, choosers: Array.from({ length: players }, () => replayer) }).log.length;
  });
  const used = process.cpuUsage(cpu);
  return actions / ((used.user + used.system) / 1e6);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = readOptions(
    "pnpm bench:sim",
    {
      players: { type: "string", default: "2,4" },
      seconds: { type: "string", default: "5" },
      seed: { type: "string", default: "bench" },
      json: { type: "boolean", default: false },
      floor: { type: "boolean", default: false },
    },
    { positionals: `[${Object.keys(games).join(",")}]` },
  );
  const ids = positionals.length > 0 ? positionals.flatMap((p) => p.split(",")) : Object.keys(games);
  const seconds = Number(values.seconds);
  const counts = values.players.split(",").map(Number);
  const chosen = ids.map((id) => findGame(id) ?? fail(`no game "${id}"`));
  if (!(seconds > 0)) fail("--seconds must be above 0");
  if (counts.some((n) => !Number.isInteger(n))) fail("--players takes whole numbers, comma-separated");
  const fmt = (x: number) => Math.round(x).toLocaleString("en").padStart(7);
  const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
  console.log(`load average before: ${load()}`);
  const reports: ThroughputReport[] = [];
  for (const game of chosen) {
    for (const players of counts.filter((n) => n >= game.minSeats && n <= game.maxSeats)) {
      const logs: LoggedAction[][] | undefined = values.floor ? [] : undefined;
      const r = measureThroughput(game, players, seconds, values.seed, logs);
      if (logs) r.floorPerCpuSecond = measureFloor(game, players, values.seed, logs);
      reports.push(r);
      if (!values.json) {
        console.log(
          `${r.game.padEnd(9)} ${r.players} players: ${fmt(r.bestBatchPerCpuSecond)} actions per CPU second (best batch), ${fmt(r.actionsPerCpuSecond)} overall, ${fmt(r.actionsPerSecond)} per wall second  (${r.actions} actions in ${r.games} games, ${r.seconds.toFixed(1)} s)`,
        );
        if (r.floorPerCpuSecond !== undefined) console.log(`${"".padEnd(19)} without the bot: ${fmt(r.floorPerCpuSecond)} actions per CPU second (the same games replayed)`);
      }
    }
  }
  if (values.json) console.log(JSON.stringify(reports, null, 2));
  console.log(`load average after: ${load()}`);
}
