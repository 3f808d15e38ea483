/**
 * pnpm bench:join [--joins 600] [--rounds 3] [--cpu-prof DIR]
 *
 * What one person coming back costs the server: one person joins their own table by id again
 * and again (each join a matchmaking request, a WebSocket, the join and its first state,
 * replacing their previous connection), against the compiled server on a fresh PGlite folder.
 * Prints the server's CPU per join (/proc, all its threads) for each round. bench:recovery's
 * wall times depend on everything else the machine runs; this figure much less (docs/recovery.md).
 * --cpu-prof DIR: the server writes a V8 CPU profile there when it stops (summarise it with
 * scripts/profile-summary.mjs) to see where a join's CPU goes.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { freePort, startServer } from "./process-harness.ts";
import { readOptions } from "@saloon/cli";

const { values, fail } = readOptions("pnpm bench:join", { joins: { type: "string", default: "600" }, rounds: { type: "string", default: "3" }, "cpu-prof": { type: "string" } });
const joins = Number(values.joins);
if (!(Number.isInteger(joins) && joins > 0 && Number(values.rounds) > 0)) fail("--joins is a whole number > 0, --rounds > 0");
const dir = mkdtempSync(join(tmpdir(), "saloon-bench-join-"));
const port = await freePort();
// The bot never moves (so only joins cost anything), and budgets stay out of the way.
const server = await startServer(port, { PGLITE_DIR: join(dir, "pglite"), DATABASE_URL: "", REDIS_URL: "", BOT_DELAY_MS: "100000000", MATCHMAKE_PER_SECOND: "100000", MATCHMAKE_BURST: "100000" }, 60_000, values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]] : []);
const cpuMs = () => {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const token = `bench-join-${Date.now()}`.padEnd(20, "x");
const quiet = (room: Room) => {
  room.onMessage("*", () => undefined);
  return room;
};
const table = quiet(await new Client(server.url).create("table", { game: "fistful", seats: 2, bots: [1], name: "J", token })).roomId;
async function comeBack(): Promise<void> {
  const room = quiet(await new Client(server.url).joinById(table, { name: "J", token }));
  await new Promise<void>((done) => room.onStateChange.once(() => done()));
}
for (let i = 0; i < 50; i++) await comeBack(); // warm-up: the JIT, the pools
for (let round = 1; round <= Number(values.rounds); round++) {
  const before = cpuMs();
  for (let i = 0; i < joins; i++) await comeBack();
  console.log(`round ${round}: ${((cpuMs() - before) / joins).toFixed(2)} ms of server CPU per join (${joins} joins, load ${loadavg()[0]!.toFixed(1)})`);
}
const lines = new Map<string, number>();
for (const line of server.logs) lines.set(`${String(line.level)} ${String(line.msg)}`, (lines.get(`${String(line.level)} ${String(line.msg)}`) ?? 0) + 1);
console.log(`log lines (level, message: count): ${[...lines].map(([what, count]) => `${what}: ${count}`).join("; ")}`);
await server.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });
process.exit(0);
