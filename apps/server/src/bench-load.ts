/**
 * pnpm bench:load [--tables 100] [--seconds 20] [--spectators] [--database pglite|postgres]
 *                 [--game fistful,el-gaucho,el-paso] [--rate 0] [--seats 4] [--profile DIR]
 *
 * A real server process (main.ts, spawned) and real SDK clients over loopback. Per table one
 * client plays a seat and server bots the others; with --spectators a second client watches.
 * --rate 0: bots answer at once (BOT_DELAY_MS 0) and the person as soon as its patch arrives;
 * --rate R: every actor waits 1/R s before acting, about R actions per second per table.
 * A finished table is left and a new one opened, so the load holds for the whole run.
 *
 * Prints, per game, over the measuring window (after the tables are open):
 * - move→patch p50/p95/p99/max: from the person's send to the first patch that raises the
 *   version, at the person and at the spectator (a concurrent bot move can come first; with
 *   one decision at a time, as in these games, it is the person's own move);
 * - accepted actions/s (versions every table advanced), refused actions;
 * - server CPU % (of one core) and RSS, from /proc of the server process;
 * - bytes per move per client: state patches and log messages, against the size of the whole
 *   view (the JSON the client rebuilds with decodeView, sampled) — what resending it would cost;
 * - write lag: the store's backlog of accepted moves not yet written (the server's metrics line).
 * Timing figures are only as good as the machine is quiet: say what else ran.
 * --profile DIR: the server writes a V8 CPU profile (.cpuprofile) into DIR when it stops.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Client, type Room } from "@colyseus/sdk";
import { games } from "@saloon/catalog";
import { scratchPostgres } from "@saloon/db/testing";
import { type AnyGame, type Prompt, createRandom } from "@saloon/engine";
import { type TableSnapshot, decodeView } from "@saloon/protocol";
import { type ServerProcess, freePort, startServer } from "./process-harness.ts";

const { values } = parseArgs({
  options: {
    tables: { type: "string", default: "100" },
    seconds: { type: "string", default: "20" },
    spectators: { type: "boolean", default: false },
    database: { type: "string", default: "pglite" },
    game: { type: "string", default: "fistful,el-gaucho,el-paso" },
    rate: { type: "string", default: "0" },
    seats: { type: "string", default: "4" },
    profile: { type: "string" },
  },
});
const tableCount = Number(values.tables);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const seats = Number(values.seats);
const gameIds = values.game.split(",").map((id) => id.trim());
for (const id of gameIds) if (!Object.hasOwn(games, id)) throw new Error(`no game "${id}"; choose from ${Object.keys(games).join(", ")}`);
if (values.database !== "pglite" && values.database !== "postgres") throw new Error("--database is pglite or postgres");
if (!(tableCount > 0 && seconds > 0 && rate >= 0 && seats >= 2)) throw new Error("--tables, --seconds > 0, --rate >= 0, --seats >= 2");

const PATCH = 15; // @colyseus/shared-types Protocol.ROOM_STATE_PATCH
const FULL_STATE = 14; // Protocol.ROOM_STATE (on join)
const DATA = 13; // Protocol.ROOM_DATA: our messages (the log)
const thinkMs = rate > 0 ? Math.round(1000 / rate) : 0;

/** What one connection received and how fast, inside the measuring window. */
class Receiver {
  patchBytes = 0;
  dataBytes = 0;
  versions = 0;
  viewBytes = 0;
  viewSamples = 0;
  readonly latencies: number[] = [];
  /** The person's move waiting for its patch here: the version it was sent at, and when. */
  waiting: { version: number; at: number } | null = null;
  measuring = false;
  private lastVersion = -1;

  constructor(readonly room: Room) {
    const ws = (room.connection as unknown as { transport: { ws: { addEventListener(type: "message", listener: (event: { data: ArrayBuffer }) => void): void } } }).transport.ws;
    ws.addEventListener("message", (event) => {
      if (!this.measuring) return;
      const bytes = new Uint8Array(event.data);
      const code = bytes[0]! & 0x1f;
      if (code === PATCH || code === FULL_STATE) this.patchBytes += bytes.byteLength;
      else if (code === DATA) this.dataBytes += bytes.byteLength;
    });
  }

  /** A new version arrived. */
  advanced(now: number, version: number): void {
    // One patch may carry several moves (a bot's answer right behind the person's): count versions.
    if (this.measuring && this.lastVersion >= 0) this.versions += Math.max(0, version - this.lastVersion);
    this.lastVersion = version;
    if (this.waiting && version > this.waiting.version) {
      if (this.measuring) this.latencies.push(now - this.waiting.at);
      this.waiting = null;
    }
  }

  /** The whole view this client rebuilt (decodeView) and its prompt: what resending everything would cost. */
  sampleView(view: unknown, promptText: string): void {
    if (!this.measuring) return;
    this.viewBytes += Buffer.byteLength(JSON.stringify(view)) + Buffer.byteLength(promptText);
    this.viewSamples += 1;
  }
}

interface Totals {
  player: Receiver[];
  spectator: Receiver[];
  refused: number;
  finished: number;
  failures: string[];
}

/** One table under load: a person playing a seat with the game's bot, and maybe a spectator. */
class LoadTable {
  private stopped = false;
  private player: Receiver | null = null;
  private spectator: Receiver | null = null;
  private measuring = false;

  constructor(
    private readonly game: AnyGame,
    private readonly url: string,
    private readonly index: number,
    private readonly totals: Totals,
  ) {}

  async open(): Promise<void> {
    const token = `load-${this.index}-${Date.now()}-${Math.random().toString(36).slice(2)}`.padEnd(16, "x");
    const bots = Array.from({ length: seats - 1 }, (_, i) => i + 1);
    const client = new Client(this.url);
    const room = await client.create("table", { game: this.game.id, seats, bots, name: `Load ${this.index}`, token });
    const player = new Receiver(room);
    player.measuring = this.measuring;
    this.player = player;
    this.totals.player.push(player);
    this.play(room, player, 0);
    if (values.spectators) {
      const watching = await new Client(this.url).joinById(room.roomId, { spectate: true });
      const spectator = new Receiver(watching);
      spectator.measuring = this.measuring;
      this.spectator = spectator;
      this.totals.spectator.push(spectator);
      let seen = -1;
      watching.onStateChange((state) => {
        const version = (state as unknown as { version: number }).version;
        if (version === seen) return;
        seen = version;
        spectator.advanced(performance.now(), version);
        // Sample the whole view now and then: rebuilding it is what the client does anyway.
        if (spectator.viewSamples === 0 || version % 10 === 0) spectator.sampleView(decodeView((state as unknown as { toJSON(): TableSnapshot }).toJSON(), null), "");
      });
      watching.onMessage("*", () => undefined);
    }
  }

  startMeasuring(): void {
    this.measuring = true;
    if (this.player) this.player.measuring = true;
    if (this.spectator) this.spectator.measuring = true;
  }

  stop(): void {
    this.stopped = true;
    void this.player?.room.leave(true).catch(() => undefined);
    void this.spectator?.room.leave(true).catch(() => undefined);
  }

  private play(room: Room, player: Receiver, seat: number): void {
    let seen = -1;
    let answered = -1;
    let moves = 0;
    room.onMessage("error", () => {
      this.totals.refused += 1;
      answered = -1; // ask again on the next patch
    });
    room.onMessage("*", () => undefined);
    room.onStateChange((raw) => {
      const state = raw as unknown as { version: number; status: string; seats: { secret?: { prompt: string } }[]; toJSON(): TableSnapshot };
      const now = performance.now();
      if (state.version !== seen) {
        seen = state.version;
        player.advanced(now, state.version);
      }
      if (state.status === "finished" || state.status === "abandoned") return this.next(room);
      const promptText = state.seats[seat]?.secret?.prompt ?? "";
      if (state.status !== "playing" || !promptText || state.version <= answered || player.waiting) return;
      answered = state.version;
      const snapshot = state.toJSON();
      const view = decodeView(snapshot, seat);
      player.sampleView(view, promptText);
      const action = this.game.bot(view, JSON.parse(promptText) as Prompt, createRandom(`load\u0000${this.index}\u0000${moves}`));
      moves += 1;
      const send = () => {
        if (this.stopped) return;
        const at = performance.now();
        player.waiting = { version: state.version, at };
        if (this.spectator) this.spectator.waiting = { version: state.version, at };
        room.send("action", action);
      };
      if (thinkMs > 0) setTimeout(send, thinkMs);
      else send();
    });
  }

  /** The game ended: leave it and open another, so the load holds. */
  private next(room: Room): void {
    if (this.stopped || room !== this.player?.room) return;
    this.totals.finished += 1;
    void room.leave(true).catch(() => undefined);
    void this.spectator?.room.leave(true).catch(() => undefined);
    this.player = null;
    this.spectator = null;
    this.open()
      .then(() => this.measuring && this.startMeasuring())
      .catch((error: unknown) => this.totals.failures.push(`reopen: ${(error as Error).message}`));
  }
}

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
function latencyLine(receivers: Receiver[]): string {
  const all = receivers.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return `p50 ${ms(percentile(all, 50))} / p95 ${ms(percentile(all, 95))} / p99 ${ms(percentile(all, 99))} / max ${ms(all.at(-1) ?? Number.NaN)} ms (${all.length} moves)`;
}
function bytesLine(receivers: Receiver[]): string {
  const versions = receivers.reduce((sum, r) => sum + r.versions, 0);
  const patch = receivers.reduce((sum, r) => sum + r.patchBytes, 0);
  const data = receivers.reduce((sum, r) => sum + r.dataBytes, 0);
  const viewSamples = receivers.reduce((sum, r) => sum + r.viewSamples, 0);
  const view = viewSamples ? receivers.reduce((sum, r) => sum + r.viewBytes, 0) / viewSamples : Number.NaN;
  if (versions === 0) return "no moves seen";
  const perMove = patch / versions;
  return `state ${perMove.toFixed(0)} B + log ${(data / versions).toFixed(0)} B per move; whole view ${view.toFixed(0)} B; state/view ${((100 * perMove) / view).toFixed(1)} %`;
}

async function runGame(server: ServerProcess, game: AnyGame): Promise<boolean> {
  const totals: Totals = { player: [], spectator: [], refused: 0, finished: 0, failures: [] };
  const tables = Array.from({ length: tableCount }, (_, i) => new LoadTable(game, server.url, i, totals));
  const opening = performance.now();
  // Open in groups, as people arrive, not all in one instant.
  for (let i = 0; i < tables.length; i += 25) {
    await Promise.all(tables.slice(i, i + 25).map((table) => table.open().catch((error: unknown) => totals.failures.push(`open: ${(error as Error).message}`))));
  }
  const opened = performance.now() - opening;
  await new Promise((done) => setTimeout(done, 1000)); // settle: first moves, joins
  const logFrom = server.logs.length;
  const cpuFrom = cpuSeconds(server.child.pid!);
  let rssMax = rssMb(server.child.pid!);
  const started = performance.now();
  for (const table of tables) table.startMeasuring();
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(server.child.pid!))), 500);
  await new Promise((done) => setTimeout(done, seconds * 1000));
  for (const receiver of [...totals.player, ...totals.spectator]) receiver.measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.child.pid!) - cpuFrom;
  clearInterval(sampler);
  for (const table of tables) table.stop();

  const metrics = server.logs.slice(logFrom).filter((line) => line.msg === "load metrics");
  const backlog = metrics.map((line) => line.writeBacklog as number);
  const loopDelay = metrics.map((line) => line.loopDelayP99Ms as number);
  const actions = totals.player.reduce((sum, r) => sum + r.versions, 0);
  console.log(`\n${game.title} (${game.id}): ${tableCount} tables × ${seats} seats (1 person + ${seats - 1} bots${values.spectators ? " + 1 spectator" : ""}), ${rate > 0 ? `${rate} action/s per table` : "bots without delay"}, ${values.database}`);
  console.log(`  opened in ${(opened / 1000).toFixed(1)} s; measured ${elapsed.toFixed(1)} s; games finished ${totals.finished}; refused actions ${totals.refused}`);
  console.log(`  move→patch, person:    ${latencyLine(totals.player)}`);
  if (values.spectators) console.log(`  move→patch, spectator: ${latencyLine(totals.spectator)}`);
  console.log(`  accepted actions/s:    ${(actions / elapsed).toFixed(0)}`);
  console.log(`  server CPU:            ${((100 * cpu) / elapsed).toFixed(0)} % of a core (${((1000 * cpu) / Math.max(1, actions)).toFixed(2)} ms per action); RSS max ${rssMax.toFixed(0)} MB`);
  console.log(`  bytes, person:         ${bytesLine(totals.player)}`);
  if (values.spectators) console.log(`  bytes, spectator:      ${bytesLine(totals.spectator)}`);
  console.log(`  write lag:             backlog max ${backlog.length ? Math.max(...backlog) : "?"} rows, at the end ${backlog.at(-1) ?? "?"}; event-loop delay p99 max ${loopDelay.length ? Math.max(...loopDelay) : "?"} ms`);
  const memory = metrics.at(-1);
  if (memory) console.log(`  memory at the end:     RSS ${memory.rssMb} MB = V8 heap ${memory.heapTotalMb} MB (${memory.heapUsedMb} used) + external ${memory.externalMb} MB (array buffers ${memory.arrayBuffersMb}) + the rest`);
  for (const failure of totals.failures.slice(0, 5)) console.log(`  failure: ${failure}`);
  await new Promise((done) => setTimeout(done, 500)); // let the leaves reach the server
  return actions > 0 && totals.failures.length === 0;
}

const dir = mkdtempSync(join(tmpdir(), "saloon-bench-load-"));
let dropScratch = async () => {};
let env: Record<string, string>;
if (values.database === "postgres") {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("--database postgres needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to make a scratch database on)");
  const scratch = await scratchPostgres(serverUrl);
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
  LOG_LEVEL: "info",
  // As a deployed server runs: libraries load their production builds (mutative's has no dev checks).
  NODE_ENV: "production",
}, 60_000, values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : []);
console.log(`load benchmark: server pid ${server.child.pid} on ${values.database}; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the start`);
let ok = true;
try {
  for (const id of gameIds) ok = (await runGame(server, games[id]!)) && ok;
} finally {
  await server.kill("SIGTERM");
  await dropScratch().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nload average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} at the end`);
process.exit(ok ? 0 : 1);
