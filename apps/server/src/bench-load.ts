/**
 * pnpm bench:load [--tables 100] [--seconds 20] [--spectators] [--database pglite|postgres]
 *                 [--game fistful,el-gaucho,el-paso] [--rate 0] [--seats 4] [--profile DIR]
 *                 [--clients 1] [--node-args "--max-semi-space-size=32"]
 *                 [--drain-commit-ms 250] [--warmup 5] [--server-log FILE] [--trace]
 *
 * A real server process (main.ts, spawned) and real SDK clients over loopback, in --clients
 * worker threads that share the tables (bench-load-clients.ts). Per table one
 * client plays a seat and server bots the others; with --spectators a second client watches.
 * --rate 0: bots answer at once (BOT_DELAY_MS 0) and the person as soon as its patch arrives;
 * --rate R: every actor waits about 1/R s before acting (give or take a fifth, as the server's
 *   bots do: table-bots.ts), about R actions per second per table.
 * A finished table is left and a new one opened, so the load holds for the whole run.
 *
 * Prints, per game, over the measuring window (after the tables are open):
 * - move→patch p50/p95/p99/max: from the person's send to the first patch that shows the
 *   person's own action (its seat's `acted` changed), at the person, and at the spectator to its
 *   first patch that reached that version (a bot's move that came first does not end it). The
 *   person answers each decision once (docs/sync-journal.md, "An answer in flight");
 * - accepted actions/s (versions every table advanced), refused actions (since the tables
 *   opened, and in the window);
 * - server CPU % (of one core) and RSS, from /proc of the server process;
 * - bytes per move per client: state patches and log messages, against the size of the whole
 *   view (the JSON the client rebuilds with decodeView, sampled) — what resending it would cost;
 * - write lag: the store's backlog of accepted moves not yet written (the server's metrics line).
 * Timing figures are only as good as the machine is quiet: say what else ran.
 * --profile DIR: the server writes a V8 CPU profile (.cpuprofile) into DIR when it stops.
 * --node-args: options for the server's node (space-separated), e.g. V8's heap sizes.
 *
 * The opening: a thousand tables opening at once write their starts while the first ones play,
 * and on PGlite (one connection) the moves' group commit once fell ~20 s behind then (docs/sync-journal.md).
 * The measuring window starts only once the opening's writes have drained: two metrics lines in
 * a row that committed moves with a write backlog under 100 rows and a commit p99 under
 * --drain-commit-ms (0: do not wait; at most 60 s). Printed: how long that took, when the last
 * table's game started (its start stored), and the opening's worst seconds. Then each client
 * thread collects its heap whole, and the load runs --warmup seconds unmeasured: the heaps the
 * opening grew were otherwise collected in the window's first seconds, a mark-compact of the
 * clients' heap (30–220 ms) and the server's longest pauses at once, and every one of the slowest
 * 1 % of moves of a 20 s run came from that one second (docs/sync-journal.md). The steady state's
 * own collections, major ones included, fall in the window as they come.
 * --trace: each person's move split into its parts on both sides of the socket (client sent →
 * server read → commit → patch written → client read → callback), and what held the server's
 * and the clients' threads during the slowest 1 % (bench-load-trace.ts).
 * --server-log FILE: every line the server logged (its JSON lines, the metrics among them), for
 * reading the opening second by second.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { games } from "@saloon/catalog";
import { scratchPostgres } from "@saloon/db/testing";
import type { AnyGame } from "@saloon/engine";
import { type ClientGc, describeTrace, joinMoves } from "./bench-load-trace.ts";
import type { TraceFile } from "./move-trace.ts";
import { type ClientMove, type ClientShare, type ShareResult, type Tally, type WorkerMessage, addTally, emptyTally } from "./bench-load-clients.ts";
import { type ServerProcess, freePort, mainThreadNs, startServer } from "./process-harness.ts";
import { readOptions } from "@saloon/cli";

const { values, fail } = readOptions("pnpm bench:load", {
  tables: { type: "string", default: "100" },
  seconds: { type: "string", default: "20" },
  spectators: { type: "boolean", default: false },
  database: { type: "string", default: "pglite" },
  game: { type: "string", default: "fistful,el-gaucho,el-paso" },
  rate: { type: "string", default: "0" },
  seats: { type: "string", default: "4" },
  profile: { type: "string" },
  clients: { type: "string", default: "1" },
  "node-args": { type: "string", default: "" },
  "drain-commit-ms": { type: "string", default: "250" },
  warmup: { type: "string", default: "5" },
  "server-log": { type: "string" },
  trace: { type: "boolean", default: false },
});
const tracedMoves: ClientMove[] = [];
const clientStalls: [number, number][] = [];
const clientGcs: ClientGc[] = [];
const tableCount = Number(values.tables);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const seats = Number(values.seats);
const clientThreads = Number(values.clients);
const drainCommitMs = Number(values["drain-commit-ms"]);
const warmupSeconds = Number(values.warmup);
const gameIds = values.game.split(",").map((id) => id.trim());
for (const id of gameIds) if (!Object.hasOwn(games, id)) fail(`no game "${id}"; choose from ${Object.keys(games).join(", ")}`);
if (values.database !== "pglite" && values.database !== "postgres") fail("--database is pglite or postgres");
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (values.database === "postgres" && !serverUrl) fail("--database postgres needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to make a scratch database on)");
if (!(tableCount > 0 && seconds > 0 && rate >= 0 && seats >= 2 && clientThreads >= 1 && drainCommitMs >= 0 && warmupSeconds >= 0)) {
  fail("--tables, --seconds, --clients > 0, --rate >= 0, --seats >= 2, --drain-commit-ms >= 0, --warmup >= 0");
}

const thinkMs = rate > 0 ? Math.round(1000 / rate) : 0;

const clockTicks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the command).
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
}
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
const ms = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(1));
function latencyLine(tally: Tally): string {
  const all = tally.latencies.sort((a, b) => a - b);
  return `p50 ${ms(percentile(all, 50))} / p95 ${ms(percentile(all, 95))} / p99 ${ms(percentile(all, 99))} / max ${ms(all.at(-1) ?? Number.NaN)} ms (${all.length} moves)`;
}
function bytesLine(tally: Tally): string {
  const view = tally.viewSamples ? tally.viewBytes / tally.viewSamples : Number.NaN;
  if (tally.versions === 0) return "no moves seen";
  const perMove = tally.patchBytes / tally.versions;
  return `state ${perMove.toFixed(0)} B + log ${(tally.dataBytes / tally.versions).toFixed(0)} B per move; whole view ${view.toFixed(0)} B; state/view ${((100 * perMove) / view).toFixed(1)} %`;
}

/** One worker thread of clients playing its share of the tables. */
class ClientThread {
  readonly worker: Worker;
  readonly opened: Promise<void>;
  readonly result: Promise<ShareResult>;

  constructor(share: ClientShare) {
    // tsx registers its loader on the main thread only: the worker loads the clients through tsx itself.
    const clients = new URL("./bench-load-clients.ts", import.meta.url).href;
    const start = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(clients)}, ${JSON.stringify(import.meta.url)}))`;
    this.worker = new Worker(start, { eval: true, workerData: share });
    const messages = new Map<WorkerMessage["type"], (message: WorkerMessage) => void>();
    const failed = new Promise<never>((_, reject) => {
      this.worker.once("error", reject);
      this.worker.once("exit", (code) => reject(new Error(`client thread ended (code ${code}) before it reported`)));
    });
    failed.catch(() => undefined);
    this.opened = Promise.race([new Promise<void>((done) => messages.set("opened", () => done())), failed]);
    this.result = Promise.race([new Promise<ShareResult>((done) => messages.set("result", (message) => done((message as { result: ShareResult }).result))), failed]);
    this.worker.on("message", (message: WorkerMessage) => messages.get(message.type)?.(message));
  }
}

const isMetrics = (line: Record<string, unknown>) => line.msg === "load metrics";

/**
 * Waits (at most 60 s) for two metrics lines in a row, after the tables opened, that committed
 * moves with a write backlog under 100 rows and a commit p99 under --drain-commit-ms: the
 * opening's writes have drained.
 * Resolves with whether they did.
 */
async function untilDrained(server: ServerProcess): Promise<boolean> {
  if (drainCommitMs === 0) return true;
  const since = server.logs.length;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    // Two seconds in a row that committed moves: a second without any commit reports a p99 of 0
    // (seen: the window once opened in the middle of a 20 s stall).
    const lines = server.logs.slice(since).filter(isMetrics);
    const calm = lines.map((line) => (line.batches as number) > 0 && (line.writeBacklog as number) < 100 && (line.commitP99Ms as number) < drainCommitMs);
    if (calm.some((ok, i) => ok && calm[i + 1])) return true;
    await new Promise((done) => setTimeout(done, 200));
  }
  return false;
}

/** The opening's metrics lines: how long until the window, the worst backlog and commit seconds, the slowest second's rows. */
function describeOpening(lines: Record<string, unknown>[], openingAt: number, seconds: number, drained: boolean): string {
  const metrics = lines.filter(isMetrics);
  const starts = lines.filter((line) => line.msg === "game started").map((line) => line.time as number);
  const lastStart = starts.length ? `the last of ${starts.length} games started at ${((Math.max(...starts) - openingAt) / 1000).toFixed(1)} s; ` : "";
  if (metrics.length === 0) return `${seconds.toFixed(1)} s until the window (no metrics lines)`;
  const rows = metrics.map((line) => line.rowsWritten as number);
  const perSecond = rows.slice(1).map((value, i) => value - rows[i]!);
  const worst = (name: string) => Math.max(...metrics.map((line) => line[name] as number));
  return (
    `${seconds.toFixed(1)} s until the window${drained ? "" : ` (the writes had NOT drained after 60 s: commit p99 still ≥ ${drainCommitMs} ms)`}; ${lastStart}` +
    `backlog max ${worst("writeBacklog")} rows; commit p50 worst ${ms(worst("commitP50Ms"))} ms, p99 worst ${ms(worst("commitP99Ms"))} ms; ` +
    `rows written per second min ${perSecond.length ? Math.min(...perSecond) : "?"}, max ${perSecond.length ? Math.max(...perSecond) : "?"}`
  );
}

async function runGame(server: ServerProcess, game: AnyGame): Promise<boolean> {
  const count = Math.min(clientThreads, tableCount);
  const threads = Array.from({ length: count }, (_, i) => {
    const from = Math.floor((i * tableCount) / count);
    const to = Math.floor(((i + 1) * tableCount) / count);
    return new ClientThread({ gameId: game.id, url: server.url, from, to, seats, rate, spectators: values.spectators, trace: values.trace });
  });
  const opening = performance.now();
  const openingAt = Date.now();
  const openingFrom = server.logs.length;
  await Promise.all(threads.map((thread) => thread.opened));
  const opened = performance.now() - opening;
  await new Promise((done) => setTimeout(done, 1000)); // settle: first moves, joins
  const drained = await untilDrained(server);
  for (const thread of threads) thread.worker.postMessage("collect");
  await new Promise((done) => setTimeout(done, warmupSeconds * 1000));
  const logFrom = server.logs.length;
  const cpuFrom = cpuSeconds(server.child.pid!);
  const schedFrom = mainThreadNs(server.child.pid!);
  let rssMax = rssMb(server.child.pid!);
  const started = performance.now();
  // For tools that watch the same window from outside (packages/db/scripts/pg-watch.mjs).
  console.log(`  measuring from ${new Date().toISOString()} for ${seconds} s`);
  for (const thread of threads) thread.worker.postMessage("measure");
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(server.child.pid!))), 500);
  await new Promise((done) => setTimeout(done, seconds * 1000));
  for (const thread of threads) thread.worker.postMessage("stop");
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.child.pid!) - cpuFrom;
  const sched = mainThreadNs(server.child.pid!);
  clearInterval(sampler);
  const totals = { player: emptyTally(), spectator: emptyTally(), refused: 0, refusedMeasured: 0, finished: 0, failures: [] as string[], busy: [] as number[] };
  for (const result of await Promise.all(threads.map((thread) => thread.result))) {
    addTally(totals.player, result.player);
    addTally(totals.spectator, result.spectator);
    totals.refused += result.refused;
    totals.refusedMeasured += result.refusedMeasured;
    totals.finished += result.finished;
    totals.failures.push(...result.failures);
    totals.busy.push(result.busy);
    tracedMoves.push(...result.moves);
    clientStalls.push(...result.stalls);
    clientGcs.push(...result.gcs);
  }

  const metrics = server.logs.slice(logFrom).filter((line) => line.msg === "load metrics");
  const backlog = metrics.map((line) => line.writeBacklog as number);
  const loopDelay = metrics.map((line) => line.loopDelayP99Ms as number);
  const actions = totals.player.versions;
  console.log(`\n${game.title} (${game.id}): ${tableCount} tables × ${seats} seats (1 person + ${seats - 1} bots${values.spectators ? " + 1 spectator" : ""}), ${rate > 0 ? `${rate} action/s per table` : "bots without delay"}, ${values.database}, clients in ${threads.length} thread${threads.length === 1 ? "" : "s"}`);
  console.log(`  opened in ${(opened / 1000).toFixed(1)} s; measured ${elapsed.toFixed(1)} s; games finished ${totals.finished}; refused actions ${totals.refused} (${totals.refusedMeasured} in the window)`);
  console.log(`  opening:               ${describeOpening(server.logs.slice(openingFrom, logFrom), openingAt, (performance.now() - opening) / 1000 - elapsed, drained)}`);
  console.log(`  move→patch, person:    ${latencyLine(totals.player)}`);
  if (values.spectators) console.log(`  move→patch, spectator: ${latencyLine(totals.spectator)}`);
  console.log(`  accepted actions/s:    ${(actions / elapsed).toFixed(0)}`);
  console.log(`  server CPU:            ${((100 * cpu) / elapsed).toFixed(0)} % of a core (${((1000 * cpu) / Math.max(1, actions)).toFixed(2)} ms per action); RSS max ${rssMax.toFixed(0)} MB`);
  console.log(`  event loop's thread:   ran ${((sched.ran - schedFrom.ran) / 1e7 / elapsed).toFixed(0)} % of the window, waited for a CPU while runnable ${((sched.waited - schedFrom.waited) / 1e7 / elapsed).toFixed(0)} % (the machine's share of the latency)`);
  console.log(`  bytes, person:         ${bytesLine(totals.player)}`);
  if (values.spectators) console.log(`  bytes, spectator:      ${bytesLine(totals.spectator)}`);
  console.log(`  write lag:             backlog max ${backlog.length ? Math.max(...backlog) : "?"} rows, at the end ${backlog.at(-1) ?? "?"}; event-loop delay p99 max ${loopDelay.length ? Math.max(...loopDelay) : "?"} ms`);
  const memory = metrics.at(-1);
  if (memory) console.log(`  memory at the end:     RSS ${memory.rssMb} MB = V8 heap ${memory.heapTotalMb} MB (${memory.heapUsedMb} used) + external ${memory.externalMb} MB (array buffers ${memory.arrayBuffersMb}) + the rest`);
  console.log(`  client threads busy:   ${totals.busy.map((busy) => `${(100 * busy).toFixed(0)} %`).join(", ")} of the window (near 100 %: the bench's clients are the bottleneck)`);
  if (metrics.some((line) => typeof line.moveP50Ms === "number")) {
    // Each metrics line holds one second's percentiles: the median line's p50, the median and worst lines' p99.
    const spread = (name: string) => {
      const p50 = metrics.map((line) => line[`${name}P50Ms`] as number).sort((a, b) => a - b);
      const p99 = metrics.map((line) => line[`${name}P99Ms`] as number).sort((a, b) => a - b);
      const max = Math.max(...metrics.map((line) => line[`${name}MaxMs`] as number));
      return `${ms(percentile(p50, 50))} / ${ms(percentile(p99, 50))} / ${ms(p99.at(-1)!)} / ${ms(max)}`;
    };
    console.log(`  server split, ms (p50 / p99 / worst second's p99 / max), all moves incl. bots':`);
    console.log(`    received → applied, write queued:   ${spread("apply")}`);
    console.log(`    queued → commit answered:           ${spread("commit")}`);
    console.log(`    committed → patch to the sockets:   ${spread("publish")}`);
    console.log(`    received → patch to the sockets:    ${spread("move")}`);
    console.log(`    batch: oldest row's wait to go out: ${spread("batchWait")}`);
    console.log(`    batch: statement round trip:        ${spread("batchRoundTrip")}`);
    const batches = metrics.reduce((sum, line) => sum + (line.batches as number), 0);
    const rows = metrics.reduce((sum, line) => sum + (line.batches as number) * (line.batchRowsMean as number), 0);
    const gc = metrics.map((line) => line.gcMs as number);
    const young = metrics.map((line) => (line.gcYoungMs as number) ?? 0);
    console.log(`    garbage collection: ${(gc.reduce((a, b) => a + b, 0) / metrics.length).toFixed(0)} ms/s of pauses (young generation ${(young.reduce((a, b) => a + b, 0) / metrics.length).toFixed(0)}), longest ${Math.max(...metrics.map((line) => line.gcMaxMs as number)).toFixed(1)} ms`);
    console.log(`    batches: ${(batches / metrics.length).toFixed(0)}/s, ${(rows / Math.max(1, batches)).toFixed(1)} rows on average, largest ${Math.max(...metrics.map((line) => line.batchRowsMax as number))}`);
  }
  for (const failure of totals.failures.slice(0, 5)) console.log(`  failure: ${failure}`);
  return actions > 0 && totals.failures.length === 0;
}

const dir = mkdtempSync(join(tmpdir(), "saloon-bench-load-"));
if (values.profile) mkdirSync(values.profile, { recursive: true });
const traceFile = join(values.profile ?? dir, "trace.json");
let dropScratch = async () => {};
let env: Record<string, string>;
if (values.database === "postgres") {
  const scratch = await scratchPostgres(serverUrl!);
  dropScratch = scratch.drop;
  env = { DATABASE_URL: scratch.url };
} else {
  env = { PGLITE_DIR: join(dir, "pglite"), DATABASE_URL: "" };
}
const port = await freePort();
const server = await startServer(port, {
  ...env,
  REDIS_URL: "",
  BOT_DELAY_MS: String(thinkMs),
  RATE_LIMIT_PER_SECOND: "100000",
  RATE_LIMIT_BURST: "100000",
  MATCHMAKE_PER_SECOND: "100000",
  MATCHMAKE_BURST: "100000",
  CREATES_PER_MINUTE: "10000000",
  CREATES_BURST: "100000",
  METRICS_SECONDS: "1",
  // With --profile the trace stays beside the profile: its long turns pick the profile's samples to read.
  ...(values.trace ? { MOVE_TRACE_FILE: traceFile } : {}),
  LOG_LEVEL: "info",
  // As a deployed server runs: libraries load their production builds (mutative's has no dev checks).
  NODE_ENV: "production",
}, 60_000, [...(values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : []), ...values["node-args"].split(" ").filter(Boolean)]);
console.log(`load benchmark: server pid ${server.child.pid} on ${values.database}${values["node-args"] ? ` (node ${values["node-args"]})` : ""}; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the start`);
let ok = true;
try {
  for (const id of gameIds) ok = (await runGame(server, games[id]!)) && ok;
} finally {
  await server.kill("SIGTERM");
  if (values.trace) {
    const trace = JSON.parse(readFileSync(traceFile, "utf8")) as TraceFile;
    console.log("");
    for (const line of describeTrace(joinMoves(tracedMoves, trace), trace.spans, clientStalls, clientGcs)) console.log(line);
  }
  if (values["server-log"]) writeFileSync(values["server-log"], server.logs.map((line) => JSON.stringify(line)).join("\n") + "\n");
  await dropScratch().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nload average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the end`);
process.exit(ok ? 0 : 1);
