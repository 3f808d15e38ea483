/**
 * The fuzz run: a real server process, bystander games played back to back by SDK clients, and
 * fuzzers attacking the lobby, tables (as a seated player, a spectator, a stranger) and every
 * HTTP endpoint at once, each from its own loopback address. It counts what was sent and how
 * every refusal was answered, and checks the server's promises (DESIGN.md principle 8):
 * - the process stays up and logs no uncaught error, and no table fails;
 * - every refusal is typed: an `error` message with a protocol code, a join refusal with a
 *   JoinErrorCode (or Colyseus's numeric matchmaking code), an HTTP 4xx with a JSON error, a
 *   clean close code; never a 5xx;
 * - refused input changes nothing: a table whose only legal mover never moves stays at version 0
 *   whatever its other seat sends, and each bystander game ends as the same game replayed
 *   without any fuzz, with exactly its players' own moves in its log.
 */
import { Worker } from "node:worker_threads";
import { games } from "@saloon/catalog";
import { playBystander } from "./bystander.ts";
import type { FromWorker, FuzzTally, FuzzerConfig, ToWorker } from "./fuzzers.ts";
import { startServer } from "./server-process.ts";
import { httpCall } from "./wire.ts";

export interface FuzzOptions {
  durationMs: number;
  seed: string;
  /** Fuzzers of each kind (lobby, seated, spectator, stranger, HTTP). */
  perKind?: number;
  /** Only these kinds (all by default): lobby, seated, bystander, stranger, http. */
  kinds?: string[];
  log?: (line: string) => void;
}

export interface FuzzReport {
  durationMs: number;
  messagesSent: number;
  framesSent: number;
  httpRequests: number;
  crashes: number;
  crashNotes: string[];
  refusals: Record<string, number>;
  untyped: string[];
  violations: string[];
  /** The game played before the fuzz starts (warm-up and baseline). */
  quiet: { moves: number; p50Ms: number; p99Ms: number };
  bystander: { games: number; moves: number; differences: string[]; p50Ms: number; p99Ms: number; maxMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}


/** The fuzzers in a worker thread (fuzz-worker.mjs loads them through tsx). */
function startFuzzers(config: FuzzerConfig, log: (line: string) => void): { post(message: ToWorker): void; done: Promise<FuzzTally> } {
  const worker = new Worker(new URL("./fuzz-worker.mjs", import.meta.url), { workerData: { fuzz: config } });
  const done = new Promise<FuzzTally>((resolve, reject) => {
    worker.on("message", (message: FromWorker) => {
      if ("done" in message) {
        resolve(message.done);
        void worker.terminate();
      } else {
        log(`${message.progress.messagesSent} messages, ${message.progress.httpRequests} requests`);
      }
    });
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`the fuzzer thread exited (${code}) before reporting`)));
  });
  return { post: (message) => worker.postMessage(message), done };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const server = await startServer();
  const crashNotes: string[] = [];
  let crashes = 0;
  let deadline = Infinity;
  const running = () => Date.now() < deadline && server.exitCode() === null;

  const latencies: number[] = [];
  const differences: string[] = [];
  let bystanderGames = 0;
  const fistful = games.fistful!;

  // First one game with nobody attacking: it warms the server up (the first moves of a fresh
  // process are slow) and gives the baseline the fuzzed figures are read against.
  const quiet = await playBystander(server.base, fistful, `${options.seed}-quiet`, 120_000);
  differences.push(...quiet.differences.map((d) => `quiet game (${quiet.roomId}): ${d}`));
  log(`quiet game: ${quiet.moves} moves, p50 ${percentile(quiet.latencies, 50).toFixed(1)} ms, p99 ${percentile(quiet.latencies, 99).toFixed(1)} ms`);
  const started = Date.now();
  deadline = started + options.durationMs;

  const fuzzers = startFuzzers(
    { base: server.base, wsBase: server.wsBase, seed: options.seed, perKind: options.perKind ?? 1, kinds: options.kinds, deadline },
    (line) => log(`${Math.round((Date.now() - started) / 1000)} s: ${line}`),
  );

  // Health is watched all along: an exit, or a health check that does not answer in 2 s.
  const watchdog = (async () => {
    while (running()) {
      await sleep(1000);
      if (server.exitCode() !== null) {
        fuzzers.post({ stop: true });
        break;
      }
      const healthy = await httpCall(server.base, "/health", { timeoutMs: 2000 }).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (!healthy && running()) {
        crashes += 1;
        crashNotes.push(`/health did not answer within 2 s at ${Math.round((Date.now() - started) / 1000)} s`);
      }
    }
  })();

  // Bystander games back to back; the fuzzers attack each one's table (as spectators and
  // strangers) while it plays. A game still running at the deadline is played to its end.
  const bystander = (async () => {
    for (let game = 0; running(); game++) {
      try {
        const played = await playBystander(server.base, fistful, `${options.seed}-${game}`, Math.max(10_000, deadline - Date.now()) + 90_000, (roomId) =>
          fuzzers.post({ bystanderRoom: roomId }),
        );
        bystanderGames += 1;
        latencies.push(...played.latencies);
        differences.push(...played.differences.map((d) => `game ${game} (${played.roomId}): ${d}`));
        log(`bystander game ${game}: ${played.moves} moves, p99 ${percentile(played.latencies, 99).toFixed(1)} ms, ${played.differences.length} differences`);
      } catch (error) {
        if (server.exitCode() === null) differences.push(`bystander game ${game} failed: ${(error as Error).message}`);
      }
    }
  })();

  const tally = await fuzzers.done;
  await bystander;
  await watchdog;

  if (server.exitCode() !== null) {
    crashes += 1;
    crashNotes.push(`the server exited with code ${server.exitCode()}`);
  }
  if (server.log.uncaught > 0) {
    crashes += server.log.uncaught;
    crashNotes.push(`${server.log.uncaught} uncaught errors logged: ${server.log.failures.join(" | ")}`);
  }
  const violations = [...tally.violations];
  if (server.log.internalErrors > 0) violations.push(`the server failed on ${server.log.internalErrors} messages: ${server.log.failures.join(" | ")}`);
  if (server.log.tablesFailed > 0) violations.push(`${server.log.tablesFailed} tables failed: ${server.log.failures.join(" | ")}`);
  await server.stop();

  return {
    durationMs: Date.now() - started,
    messagesSent: tally.messagesSent,
    framesSent: tally.framesSent,
    httpRequests: tally.httpRequests,
    crashes,
    crashNotes,
    refusals: tally.refusals,
    untyped: tally.untypedCount > tally.untyped.length ? [...tally.untyped, `… ${tally.untypedCount - tally.untyped.length} more`] : tally.untyped,
    violations,
    quiet: { moves: quiet.moves, p50Ms: percentile(quiet.latencies, 50), p99Ms: percentile(quiet.latencies, 99) },
    bystander: {
      games: bystanderGames,
      moves: latencies.length,
      differences,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: Math.max(0, ...latencies),
    },
  };
}
