/**
 * Simulator throughput: bot games played through the same loop as `pnpm sim` (prompts, the
 * seat's view, the bot, `apply`), timed per game, printing actions per second.
 *   pnpm bench:sim [fistful,el-gaucho,el-paso] [--players 2,4] [--seconds 5] [--seed bench]
 * Each game/player count warms up on one game first (JIT), then plays whole games until the time
 * is used up. Wall-clock figures depend on the machine's load; the CPU-time figure (actions per
 * second of this process's own CPU time) is what an idle machine would do, nearly: on a shared
 * machine compare that one.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type AnyGame, playOut } from "@saloon/engine";
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
}

/**
 * Plays bot games with seeds `<seed>-0`, `<seed>-1`, … until `seconds` have passed (whole games),
 * in batches of at least half a second; besides the totals it keeps the best batch's rate per
 * CPU second, the figure least disturbed by other work on a shared machine.
 */
export function measureThroughput(game: AnyGame, players: number, seconds: number, seed: string): ThroughputReport {
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
      batchActions += playOut(game, { seed: `${seed}-${played}`, seats: players }).log.length;
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      players: { type: "string", default: "2,4" },
      seconds: { type: "string", default: "5" },
      seed: { type: "string", default: "bench" },
      json: { type: "boolean", default: false },
    },
  });
  const ids = positionals.length > 0 ? positionals.flatMap((p) => p.split(",")) : Object.keys(games);
  const seconds = Number(values.seconds);
  const counts = values.players.split(",").map(Number);
  const chosen = ids.map((id) => findGame(id));
  if (chosen.some((g) => !g) || !(seconds > 0) || counts.some((n) => !Number.isInteger(n))) {
    console.error(`usage: pnpm bench:sim [${Object.keys(games).join(",")}] [--players 2,4] [--seconds 5] [--seed S] [--json]`);
    process.exit(2);
  }
  const fmt = (x: number) => Math.round(x).toLocaleString("en").padStart(7);
  const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
  console.log(`load average before: ${load()}`);
  const reports: ThroughputReport[] = [];
  for (const game of chosen as AnyGame[]) {
    for (const players of counts.filter((n) => n >= game.minSeats && n <= game.maxSeats)) {
      const r = measureThroughput(game, players, seconds, values.seed);
      reports.push(r);
      if (!values.json) {
        console.log(
          `${r.game.padEnd(9)} ${r.players} players: ${fmt(r.bestBatchPerCpuSecond)} actions per CPU second (best batch), ${fmt(r.actionsPerCpuSecond)} overall, ${fmt(r.actionsPerSecond)} per wall second  (${r.actions} actions in ${r.games} games, ${r.seconds.toFixed(1)} s)`,
        );
      }
    }
  }
  if (values.json) console.log(JSON.stringify(reports, null, 2));
  console.log(`load average after: ${load()}`);
}
