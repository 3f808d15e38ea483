/**
 * pnpm bench:store [--tables 300] [--seconds 5] [--rate 2] [--chat 0.2] [--in-flight 4]
 *
 * What storing moves costs, per database: `tables` busy tables each making `rate` moves a
 * second, every move written before it may be shown. Prints moves stored per second, the time
 * from a move to its commit (median and 99th percentile), how long the event loop (the game
 * loop) was stalled, and the time, CPU and stall while a finished 150-move match is written in one
 * transaction, and the process's CPU time per stored move (for PGlite in a worker, the worker's
 * too). Compares the group commit (ActionWriter) with one INSERT per move, and PGlite in
 * a worker thread with PGlite on the main thread. PostgreSQL too when TEST_DATABASE_URL is set.
 * The group commit runs again with every table also writing `chat` lines of table chat a second
 * (each shown only once stored, in the batch it falls in): what chat costs the moves.
 * --in-flight 1,4: the group commit runs once per value of ActionWriter's maxInFlight.
 */
import { readOptions } from "@saloon/cli";
import { playOut } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import { ActionWriter } from "./action-writer.ts";
import { type DatabaseConfig, openDatabase } from "./connection.ts";
import { MatchStore } from "./match-store.ts";
import { scratchPostgres } from "./test-databases.ts";

const { values, fail } = readOptions("pnpm bench:store", {
  tables: { type: "string", default: "300" },
  seconds: { type: "string", default: "5" },
  rate: { type: "string", default: "4" },
  chat: { type: "string", default: "0.2" },
  "in-flight": { type: "string", default: "4" },
});
const tables = Number(values.tables);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const chatRate = Number(values.chat);
const inFlight = values["in-flight"].split(",").map(Number);
if (!Number.isInteger(tables) || tables < 1) fail("--tables must be a positive integer");
if (!(seconds > 0) || !(rate > 0)) fail("--seconds and --rate must be above 0");
if (!(chatRate >= 0)) fail("--chat must be 0 or more");
if (inFlight.some((n) => !Number.isInteger(n) || n < 1)) fail("--in-flight takes positive integers, comma-separated");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Watches the event loop with a 2 ms timer: the longest gap between ticks is the longest stall. */
function stallProbe(): { stop(): { max: number; p99: number } } {
  const gaps: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last - 2);
    last = now;
  }, 2);
  return {
    stop() {
      clearInterval(timer);
      gaps.push(performance.now() - last);
      gaps.sort((a, b) => a - b);
      return { max: Math.max(0, gaps.at(-1) ?? 0), p99: Math.max(0, percentile(gaps, 0.99)) };
    },
  };
}

async function run(label: string, config: DatabaseConfig, mode: "group" | "single", chatPerSecond = 0, maxInFlight = 4): Promise<void> {
  const db = await openDatabase(config);
  // As the server does: a finished match through the pool where there is one.
  const store = new MatchStore(db.prisma, undefined, db.pool ? { pool: db.pool } : {});
  const ids = Array.from({ length: tables }, (_, i) => `bench-${i}`);
  for (const id of ids) await store.createMatch({ id, game: "fistful", rulesVersion: "1", options: {}, seed: id, status: "playing", createdAt: new Date(), seats: [] });
  // As the server does: through the pg pool under Prisma where there is one (not for PGlite on the main thread).
  const writer = new ActionWriter(db.prisma, undefined, { maxInFlight, ...(db.pool ? { pool: db.pool, statements: db.config.kind === "postgres" ? "named" : "executed" } : {}) });
  const latencies: number[] = [];
  const next = new Map(ids.map((id) => [id, 0]));
  const loop = stallProbe();
  const cpuFrom = process.cpuUsage();
  const started = performance.now();
  let stored = 0;
  // Each table makes a move every 1/rate s, spread over the interval; a table waits for its move to be stored.
  const busy = new Set<string>();
  // Table chat alongside (group commit only): a line every 1/chatPerSecond s per table, each waited for.
  const chatLatencies: number[] = [];
  const chatNext = new Map(ids.map((id) => [id, 0]));
  const chatting = new Set<string>();
  const timer = setInterval(() => {
    for (const id of ids) {
      if (chatPerSecond > 0 && !chatting.has(id) && Math.random() < chatPerSecond / 20) {
        chatting.add(id);
        const index = chatNext.get(id)!;
        chatNext.set(id, index + 1);
        const asked = performance.now();
        void writer.appendChat(id, { index, seat: index % 2, name: "Bench", move: next.get(id)!, text: `line ${index} of table talk`, at: Date.now() }).then(() => {
          chatLatencies.push(performance.now() - asked);
          chatting.delete(id);
        });
      }
      if (busy.has(id) || Math.random() > rate / 20) continue;
      busy.add(id);
      const index = next.get(id)!;
      next.set(id, index + 1);
      const row = { matchId: id, index, seat: index % 2, action: { type: "placeSign", building: `T${index % 9}` }, at: new Date() };
      const asked = performance.now();
      const write = mode === "group" ? writer.append(row) : store.appendAction(id, row);
      void write.then(() => {
        latencies.push(performance.now() - asked);
        stored += 1;
        busy.delete(id);
      });
    }
  }, 50);
  await new Promise((done) => setTimeout(done, seconds * 1000));
  clearInterval(timer);
  await writer.drain();
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuFrom);
  const cpuMsPerMove = (cpu.user + cpu.system) / 1000 / Math.max(1, stored);
  const movesStall = loop.stop();

  // Finished matches written, each in one transaction, while the loop is watched: the first
  // (the JIT, the statement's first plan) apart from the median of the five after it.
  const played = playOut(fistful, { seed: `finish-${label}`, seats: 3 });
  const finishes: { ms: number; cpuMs: number; stall: number }[] = [];
  for (let round = 0; round < 6; round++) {
    const finishLoop = stallProbe();
    const finishCpu = process.cpuUsage();
    const finishStarted = performance.now();
    await store.finishMatch({
      id: `bench-finish-${round}`,
      game: "fistful",
      rulesVersion: "1",
      options: {},
      seed: "f",
      createdAt: new Date(),
      startedAt: new Date(),
      finishedAt: new Date(),
      seats: [0, 1, 2].map((seat) => ({ seat, kind: "bot" as const, name: `Bot ${seat}`, playerId: null })),
      actions: played.log.map((entry, index) => ({ index, seat: entry.seat, action: entry.action, at: new Date() })),
      scores: fistful.scores(played.state)!,
    });
    const used = process.cpuUsage(finishCpu);
    finishes.push({ ms: performance.now() - finishStarted, cpuMs: (used.user + used.system) / 1000, stall: finishLoop.stop().max });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const later = finishes.slice(1);
  const finishMs = median(later.map((f) => f.ms));
  const finishCpuMs = median(later.map((f) => f.cpuMs));
  const finishStall = { max: median(later.map((f) => f.stall)) };

  latencies.sort((a, b) => a - b);
  chatLatencies.sort((a, b) => a - b);
  const chat = chatPerSecond > 0 ? `  chat ${Math.round(chatLatencies.length / elapsed)} lines/s, commit p50 ${percentile(chatLatencies, 0.5).toFixed(1)} ms p99 ${percentile(chatLatencies, 0.99).toFixed(1)} ms` : "";
  console.log(
    `${label.padEnd(34)} ${String(Math.round(stored / elapsed)).padStart(6)} moves/s  commit p50 ${percentile(latencies, 0.5).toFixed(1).padStart(6)} ms  p99 ${percentile(latencies, 0.99).toFixed(1).padStart(7)} ms  CPU ${cpuMsPerMove.toFixed(3)} ms/move  ` +
      `loop stall max ${movesStall.max.toFixed(1).padStart(6)} ms (p99 ${movesStall.p99.toFixed(1)})  ` +
      `finish ${played.log.length} moves: ${finishMs.toFixed(1)} ms, CPU ${finishCpuMs.toFixed(1)} ms, loop stall max ${finishStall.max.toFixed(1)} ms (medians of 5; the first ${finishes[0]!.ms.toFixed(0)} ms)` +
      (mode === "group" ? `  [${writer.stats.batches} batches, largest ${writer.stats.largestBatch}]` : "") +
      chat,
  );
  await writer.close();
  await db.close();
}

console.log(`${tables} tables, ${rate} moves/s each offered (${tables * rate}/s), ${seconds} s per run`);
for (const n of inFlight) await run(`PGlite, worker thread, group, ${n} out`, { kind: "pglite", dataDir: "memory://" }, "group", 0, n);
if (chatRate > 0) await run("PGlite, worker thread, group + chat", { kind: "pglite", dataDir: "memory://" }, "group", chatRate);
await run("PGlite, main thread, group commit", { kind: "pglite", dataDir: "memory://", thread: "main" }, "group");
await run("PGlite, main thread, one per move", { kind: "pglite", dataDir: "memory://", thread: "main" }, "single");
if (process.env.TEST_DATABASE_URL) {
  const runs: ["group" | "single", number, number][] = [...inFlight.map((n) => ["group", 0, n] as ["group", number, number]), ...(chatRate > 0 ? [["group", chatRate, 4] as ["group", number, number]] : []), ["single", 0, 1]];
  for (const [mode, chat, n] of runs) {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
    await run(`PostgreSQL, ${mode === "group" ? (chat > 0 ? "group + chat" : `group, ${n} out`) : "one per move"}`, { kind: "postgres", url: scratch.url }, mode, chat, n);
    await scratch.drop();
  }
}
process.exit(0);
