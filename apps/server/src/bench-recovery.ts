/**
 * pnpm bench:recovery [--tables 1000] [--kill-at 4] [--database pglite|postgres] [--node-args "--max-semi-space-size=64"]
 *
 * N running tables (Fistful, a person and a bot each, mid-game), the server killed with SIGKILL,
 * then started again. Prints the accepted moves lost (a move some client saw accepted that the
 * rebuilt table does not have: must be 0), the seconds from the restart until every table has
 * accepted a move again and until every table is ready again (the same without the bot's and
 * the person's pacing: docs/recovery.md), and where those seconds went (each phase of the start,
 * the rebuild, the people coming back). `--think-on-return`: the person pauses before their first
 * answer after coming back too, as in the runs before 23 Nov. `--database postgres` runs on a scratch database of the PostgreSQL
 * server in DATABASE_URL or TEST_DATABASE_URL; the default is a fresh PGlite folder.
 * `--client-http fetch`: the clients' matchmaking requests through Node's fetch (undici) instead
 * of node:http (http-fetch.ts; the server gets the same requests, the clients spend less CPU).
 * `--client-cpu-prof FILE`: a V8 CPU profile of this process (the thousand clients) from the
 * restart until every table moves again (scripts/profile-summary.mjs reads it).
 * `--way back`: the people come back as the web client does, by the SDK's reconnection (one
 * WebSocket with their reconnection token, seat-return.ts) and by joining again by id when it
 * gives up; `--way join`: by joining again by id at once (a matchmaking request, then a WebSocket),
 * as every run before 25 Nov.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { games } from "@saloon/catalog";
import { scratchPostgres } from "@saloon/db/testing";
import { httpFetch } from "./http-fetch.ts";
import { SteadyPlayer, freePort, mainThreadNs, startServer } from "./process-harness.ts";
import { readOptions } from "@saloon/cli";

const { values, fail } = readOptions("pnpm bench:recovery", {
  tables: { type: "string", default: "1000" },
  "kill-at": { type: "string", default: "4" },
  database: { type: "string", default: "pglite" },
  // Where to look when the figures are not what they should be: the restarted server's log
  // lines (JSON, one a line), and a V8 CPU profile of the restarted server (node --cpu-prof).
  "server-log": { type: "string" },
  "cpu-prof": { type: "string" },
  // The clients' side of the same: where this process's CPU goes while they come back.
  "client-cpu-prof": { type: "string" },
  // Options for the restarted server's node (space-separated), e.g. V8's heap sizes.
  "node-args": { type: "string", default: "" },
  // As before 23 Nov: the person pauses their 1 s "think" before the first answer after coming
  // back too (the "moves again" figures of earlier runs were measured so).
  "think-on-return": { type: "boolean", default: false },
  // The clients' matchmaking requests: through node:http (http-fetch.ts), or through Node's own
  // fetch as before 25 Nov (undici took 13–17 % of the clients' CPU, on the server's cores).
  "client-http": { type: "string", default: "node" },
  way: { type: "string", default: "back" },
});
// The SDK narrates each reconnection try on console.info (a browser's console): a thousand clients'
// lines would cost this process, which shares the server's cores, more than the tries themselves.
console.info = () => undefined;
const tableCount = Number(values.tables);
const killAt = Number(values["kill-at"]);
const onPostgres = values.database === "postgres";
if (!(Number.isInteger(tableCount) && tableCount > 0 && killAt > 0)) fail("--tables is a whole number > 0, --kill-at > 0");
if (values.database !== "pglite" && !onPostgres) fail("--database is pglite or postgres");
if (values["client-http"] !== "node" && values["client-http"] !== "fetch") fail("--client-http is node or fetch");
if (values.way !== "back" && values.way !== "join") fail("--way is back (the SDK's reconnection first, as the web client) or join");
const clientFetch = values["client-http"] === "node" ? httpFetch : undefined;
const fistful = games.fistful!;

const dir = mkdtempSync(join(tmpdir(), "saloon-bench-recovery-"));
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (onPostgres && !serverUrl) fail("--database postgres needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server)");
const scratch = onPostgres && serverUrl ? await scratchPostgres(serverUrl) : null;
const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { PGLITE_DIR: join(dir, "pglite"), DATABASE_URL: "" };
const port = await freePort();
// Before the kill the tables move slowly (about one move a second each), as people do.
// Each person connects from an address of their own (forwarded by a trusted proxy), as a thousand
// people would: the per-address budgets then apply to each, not to the bench as a whole.
const botDelayMs = 1000;
const calm = { ...database, REDIS_URL: "", TRUST_PROXY: "1", BOT_DELAY_MS: String(botDelayMs), RATE_LIMIT_PER_SECOND: "1000", RATE_LIMIT_BURST: "1000", LOG_LEVEL: "info" };
const seconds = (ms: number) => (ms / 1000).toFixed(2);
/** What a process has used so far: CPU time, the kernel's part of it, and its minor page faults (Linux /proc; null elsewhere). */
function processUsage(pid: number | undefined): { cpuMs: number; systemMs: number; minorFaults: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // minflt, utime and stime: fields 10, 14 and 15 of the line, times in clock ticks of 10 ms.
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, systemMs: Number(fields[12]) * 10, minorFaults: Number(fields[7]) };
  } catch {
    return null;
  }
}
const processCpuMs = (pid: number | undefined): number | null => processUsage(pid)?.cpuMs ?? null;
/** The restarted server's main thread, in ms (mainThreadNs), or null once it is gone. */
function mainThread(pid: number | undefined): { ranMs: number; waitedMs: number } | null {
  try {
    const { ran, waited } = mainThreadNs(pid!);
    return { ranMs: ran / 1e6, waitedMs: waited / 1e6 };
  } catch {
    return null;
  }
}
/**
 * The kernel's count of connections its listen queues could not take (TcpExt ListenOverflows,
 * machine-wide): each one is a handshake the client repeats a second or more later.
 */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n").filter((line) => line.startsWith("TcpExt:"));
    const names = lines[0]!.split(" ");
    const counts = lines[1]!.split(" ");
    return Number(counts[names.indexOf("ListenOverflows")]);
  } catch {
    return null;
  }
}
/** CPU ms of each of a process's threads by name (V8's helpers, libuv's pool, …), the busiest first. */
function threadsOf(pid: number | undefined): [string, number][] {
  const byName = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const line = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = tid === String(pid) ? "main" : line.slice(line.indexOf("(") + 1, line.lastIndexOf(")"));
      const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
      byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // The process is gone, or this is not Linux.
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}
const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `first ${seconds(sorted[0]!)} s, median ${seconds(sorted[Math.floor(sorted.length / 2)]!)} s, last ${seconds(sorted.at(-1)!)} s`;
};

console.log(`recovery benchmark: ${tableCount} tables on ${onPostgres ? "PostgreSQL" : "PGlite"}, SIGKILL once every table has ${killAt}+ moves`);
let server = await startServer(port, calm, 120_000);
// Whatever happens to the bench, its server goes with it.
process.on("exit", () => server.child.kill("SIGKILL"));

const people: SteadyPlayer[] = [];
const tables: string[] = [];
const creating = Date.now();
for (let i = 0; i < tableCount; i += 25) {
  await Promise.all(
    Array.from({ length: Math.min(25, tableCount - i) }, async (_, j) => {
      const n = i + j;
      const person = new SteadyPlayer(`P${n}`, `bench-person-${n}-${Date.now()}`.padEnd(16, "x"), fistful, server.url, 1000, `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, clientFetch);
      person.returnBySdk = values.way === "back";
      // On a machine this busy a reservation may expire before its connection is made: ask again.
      for (let attempt = 1; ; attempt++) {
        try {
          tables[n] = await person.create({ game: "fistful", seats: 2, bots: [1] });
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          console.log(`P${n}: creating the table failed (${(error as Error).message}); trying again`);
        }
      }
      people[n] = person;
    }),
  );
}
console.log(`created ${tableCount} tables in ${seconds(Date.now() - creating)} s`);

await Promise.all(people.map((p) => p.until(() => p.maxSeen >= killAt, `${killAt} moves`, 300_000)));
const seen = people.map((p) => p.maxSeen);
await server.kill("SIGKILL");
const killed = Date.now();
console.log(`killed with SIGKILL at ${seen.reduce((a, b) => a + b, 0)} accepted moves in all`);

// After the restart people and bots keep the same calm pace: a table that is back must not eat
// the CPU the others need to come back. A bot's first move after the rebuild comes 1 s later.
const rejoins = people.map((p) => p.rejoinedAt.length);
const clientProfiler = values["client-cpu-prof"] ? new Session() : null;
if (clientProfiler) {
  clientProfiler.connect();
  await clientProfiler.post("Profiler.enable");
  await clientProfiler.post("Profiler.start");
}
for (const person of people) person.answerAtOnceOnReturn = !values["think-on-return"];
const overflowsBefore = listenOverflows();
const restarting = Date.now();
const benchCpu = process.cpuUsage();
const profiling = [...(values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : []), ...values["node-args"].split(" ").filter(Boolean)];
// Each person's way back is timed from now on, while the server starts: startServer returns only
// once every table is rebuilt, and people may be back (and moving) well before that.
// A table moves again once the person sees a version beyond the first one they saw on coming back.
// That includes pacing which is no part of the way back: the bot's BOT_DELAY_MS before its first
// move (its timer starts when its person is back), and unless the person answers at once, their
// think. A table is *ready* again when it has shown it takes moves without that pacing: the
// person's own move accepted, when they were asked first (answered at once); the bot's move
// accepted less its delay (never before the person was back), when the bot was to move.
const backAt: number[] = [];
const seatedAt: number[] = [];
const readyAt: number[] = [];
// The restarted server's CPU, sampled every 100 ms from its spawn: what it had used when the last
// table was ready is known only afterwards (a bot's move shows when its table was ready).
const cpuSamples: { at: number; cpuMs: number; systemMs: number; minorFaults: number; ranMs: number; waitedMs: number }[] = [];
let sampling: NodeJS.Timeout | null = null;
const everyoneBack = Promise.all(
  people.map(async (person, i) => {
    await person.until(() => person.rejoinedAt.length > rejoins[i]!, "back at the table", 300_000);
    seatedAt[i] = Date.now() - restarting;
    const firstSeen = person.rejoinedAt.at(-1)!;
    await person.until(() => person.maxSeen > firstSeen, "a move after the restart", 300_000);
    backAt[i] = Date.now() - restarting;
    const thinkMs = values["think-on-return"] ? person.thinkMs : 0;
    readyAt[i] = person.promptedOnReturn ? backAt[i] - thinkMs : Math.max(seatedAt[i], backAt[i] - botDelayMs);
  }),
);
server = await startServer(port, calm, 300_000, profiling, (child) => {
  sampling = setInterval(() => {
    const usage = processUsage(child.pid);
    const thread = mainThread(child.pid);
    if (usage !== null && thread !== null) cpuSamples.push({ at: Date.now() - restarting, ...usage, ...thread });
  }, 100);
});
const logTime = (msg: string) => (server.logs.find((line) => line.msg === msg)?.time as number | undefined) ?? Number.NaN;
const takeover = server.logs.find((line) => line.msg === "tables taken over");
await everyoneBack;
const threads = threadsOf(server.child.pid);
clearInterval(sampling!);
// The moves the tables already back made meanwhile: work the server did beside the way back.
const movesMeanwhile = people.reduce((sum, person, i) => sum + person.maxSeen - person.rejoinedAt[rejoins[i]!]!, 0);
if (clientProfiler) {
  const { profile } = await clientProfiler.post("Profiler.stop");
  writeFileSync(values["client-cpu-prof"]!, JSON.stringify(profile));
  clientProfiler.disconnect();
}
const overflowsAfter = listenOverflows();
const benchCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(benchCpu));
const serverCpuMs = processCpuMs(server.child.pid);
// A table's version is its count of actions, and its bots wait for its person: the first version
// the person sees on coming back is what the rebuilt table holds (the server's per-table line
// saying so is at debug level).
const lost = people.reduce((sum, person, i) => sum + Math.max(0, seen[i]! - person.rejoinedAt[rejoins[i]!]!), 0);
const rebuiltCount = (takeover?.rebuilt as number | undefined) ?? 0;
const missing = Math.max(0, tableCount - rebuiltCount);
const slowest = Math.max(...backAt);
const lastReady = Math.max(...readyAt);
const attempts = people.reduce((sum, p) => sum + p.rejoinAttempts, 0);

console.log(`tables rebuilt:                 ${rebuiltCount} of ${tableCount}${missing ? ` (${missing} missing)` : ""}`);
console.log(`accepted moves lost:            ${lost}`);
console.log(`restart → code loaded:          ${seconds(logTime("server code loaded") - restarting)} s (node, TypeScript, imports)`);
console.log(`restart → database open:        ${seconds(logTime("database ready") - restarting)} s (${onPostgres ? "pool" : "PGlite worker"}, migrations checked)`);
console.log(`restart → listening:            ${seconds(logTime("Saloon server listening") - restarting)} s`);
console.log(
  `rebuilding the tables:          ${takeover ? `${seconds(takeover.ms as number)} s (claim ${seconds(takeover.claimMs as number)} s, waiting for loads ${seconds(takeover.loadWaitMs as number)} s, creating rooms ${seconds(takeover.createMs as number)} s)` : "?"}`,
);
console.log(`restart → tables rebuilt:       ${seconds(logTime("running games rebuilt") - restarting)} s`);
// The server's side of the same: when it seated each person again (the clients may learn of it
// later). A person coming back to their own seat is a debug line since 24 Nov (docs/recovery.md),
// below the bench's LOG_LEVEL: this prints only seatings that changed a seat's hands, if any.
const seatTaken = server.logs.filter((line) => line.msg === "seat taken" && (line.time as number) >= restarting).map((line) => (line.time as number) - restarting);
if (seatTaken.length > 0) console.log(`restart → seated by the server:  ${spread(seatTaken)} (${seatTaken.length} seatings)`);
// The successful join of each person in its three moments: asked (the matchmaking request sent),
// seat reserved (its answer received), joined (the WebSocket's join confirmed).
const lastJoins = people.map((p) => p.lastRejoin!).filter(Boolean);
const bySdk = lastJoins.filter((j) => j.bySdk);
const byJoin = lastJoins.filter((j) => !j.bySdk);
console.log(`ways back:                      ${bySdk.length} by the SDK's reconnection (one WebSocket), ${byJoin.length} by joining again (HTTP, then a WebSocket)`);
if (bySdk.length > 0) {
  const tries = people.reduce((sum, p) => sum + p.sdkTries, 0);
  console.log(`restart → reconnection tried:  ${spread(bySdk.map((j) => j.askedAt - restarting))} (the successful try; ${tries} tries in all)`);
  console.log(`restart → back by reconnection: ${spread(bySdk.map((j) => j.joinedAt - restarting))}`);
}
if (byJoin.length > 0) {
  console.log(`restart → successful join asked: ${spread(byJoin.map((j) => j.askedAt - restarting))}`);
  console.log(`restart → seat reserved (HTTP): ${spread(byJoin.map((j) => j.reservedAt - restarting))}`);
  console.log(`restart → joined (WebSocket):   ${spread(byJoin.map((j) => j.joinedAt - restarting))}`);
}
console.log(`restart → person back at table: ${spread(seatedAt)} (${attempts} join attempts in all)`);
console.log(`restart → table moves again:    ${spread(backAt)} (${people.filter((p) => p.promptedOnReturn).length} tables' people were to move${values["think-on-return"] ? ", after their think" : ", at once"}, the others' bots after their ${botDelayMs} ms)`);
console.log(`restart → every table moves:    ${seconds(slowest)} s (pacing included: the figure of the runs before 23 Nov)`);
console.log(`restart → table ready again:    ${spread(readyAt)}`);
console.log(`restart → every table ready:    ${seconds(lastReady)} s (the target is 5 s for 1,000 tables)`);
// On a busy machine the seconds above are mostly waiting for a core: what the restarted server
// itself spent (all its threads, from its start until every table moved) is the steadier figure.
const cpuAtReady = cpuSamples.find((sample) => sample.at >= lastReady) ?? cpuSamples.at(-1);
if (cpuAtReady) console.log(`restarted server's own CPU:     ${seconds(cpuAtReady.cpuMs)} s until every table is ready (sampled every 0.1 s)`);
// Memory the process touches for the first time costs a page fault each 4 KiB (~6-12 µs each on
// this VM, measured apart): a restarted server fills its heap from nothing.
if (cpuAtReady) console.log(`restarted server's main thread: ran ${seconds(cpuAtReady.ranMs)} s, waited for a CPU ${seconds(cpuAtReady.waitedMs)} s until every table is ready`);
if (threads.length > 0) console.log(`restarted server's threads:     ${threads.map(([name, cpuMs]) => `${name} ${seconds(cpuMs)} s`).join(", ")} (CPU until every table moved)`);
if (cpuAtReady) console.log(`restarted server's kernel part: ${seconds(cpuAtReady.systemMs)} s of it in the kernel; ${cpuAtReady.minorFaults.toLocaleString("en")} minor page faults`);
const sampleAt = (msg: string) => cpuSamples.find((sample) => sample.at >= logTime(msg) - restarting);
const [listening, rebuilt] = [sampleAt("Saloon server listening"), sampleAt("running games rebuilt")];
if (listening !== undefined && rebuilt !== undefined) {
  console.log(`restarted server's own CPU:     ${seconds(listening.cpuMs)} s when listening, ${seconds(rebuilt.cpuMs)} s when every table was rebuilt`);
  console.log(`restarted server's page faults: ${listening.minorFaults.toLocaleString("en")} when listening, ${rebuilt.minorFaults.toLocaleString("en")} when every table was rebuilt`);
}
console.log(`moves meanwhile:                ${movesMeanwhile} accepted after their person was back, until every table moved`);
if (serverCpuMs !== null) console.log(`restarted server's own CPU:     ${seconds(serverCpuMs)} s until every table moves (machine load ${loadavg()[0]!.toFixed(1)})`);
// The thousand clients share the machine with the server: how much of it they took meanwhile.
console.log(`bench clients' own CPU:         ${seconds(benchCpuMs)} s over those ${seconds(slowest)} s`);
if (overflowsBefore !== null && overflowsAfter !== null) console.log(`listen queue overflows:         ${overflowsAfter - overflowsBefore} (machine-wide, restart → every table moves: each a connection retried 1+ s later)`);
console.log(`kill → every table moves:       ${seconds(Math.max(...backAt) + restarting - killed)} s`);
const complaints = new Map<string, number>();
for (const line of server.logs) if ((line.level as number) >= 40) complaints.set(line.msg as string, (complaints.get(line.msg as string) ?? 0) + 1);
for (const [msg, count] of complaints) console.log(`server warnings after the restart: ${count} × ${msg}`);

for (const person of people) person.stop();
await server.kill("SIGTERM");
if (values["server-log"]) writeFileSync(values["server-log"], server.logs.map((line) => JSON.stringify(line)).join("\n") + "\n");
await scratch?.drop();
rmSync(dir, { recursive: true, force: true });
process.exit(lost === 0 && missing === 0 ? 0 : 1);
