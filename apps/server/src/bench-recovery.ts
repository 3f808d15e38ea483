/**
 * pnpm bench:recovery [--tables 1000] [--kill-at 4]
 *
 * N running tables (Fistful, a person and a bot each, mid-game), the server killed with SIGKILL,
 * then started again. Prints the accepted moves lost (a move some client saw accepted that the
 * rebuilt table does not have: must be 0) and the seconds from the restart until every table
 * has accepted a move again. Uses DATABASE_URL when set, else a fresh PGlite folder (the default).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { games } from "@saloon/catalog";
import { SteadyPlayer, freePort, startServer } from "./process-harness.ts";

const { values } = parseArgs({
  options: { tables: { type: "string", default: "1000" }, "kill-at": { type: "string", default: "4" } },
});
const tableCount = Number(values.tables);
const killAt = Number(values["kill-at"]);
const fistful = games.fistful!;

const dir = mkdtempSync(join(tmpdir(), "saloon-bench-recovery-"));
const database: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { PGLITE_DIR: join(dir, "pglite"), DATABASE_URL: "" };
const port = await freePort();
// Before the kill the tables move slowly (about one move a second each), as people do.
const calm = { ...database, REDIS_URL: "", BOT_DELAY_MS: "1000", RATE_LIMIT_PER_SECOND: "1000", RATE_LIMIT_BURST: "1000", LOG_LEVEL: "info" };
const seconds = (ms: number) => (ms / 1000).toFixed(2);

console.log(`recovery benchmark: ${tableCount} tables on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, SIGKILL once every table has ${killAt}+ moves`);
let server = await startServer(port, calm, 120_000);

const people: SteadyPlayer[] = [];
const tables: string[] = [];
const creating = Date.now();
for (let i = 0; i < tableCount; i += 25) {
  await Promise.all(
    Array.from({ length: Math.min(25, tableCount - i) }, async (_, j) => {
      const person = new SteadyPlayer(`P${i + j}`, `bench-person-${i + j}-${Date.now()}`.padEnd(16, "x"), fistful, server.url, 1000);
      tables[i + j] = await person.create({ game: "fistful", seats: 2, bots: [1] });
      people[i + j] = person;
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
const restarting = Date.now();
server = await startServer(port, calm, 300_000);
const listening = server.logs.find((line) => line.msg === "Saloon server listening")!;
const takeover = server.logs.find((line) => line.msg === "tables taken over");
const rebuiltActions = new Map<string, number>();
for (const line of server.logs) if (line.msg === "table rebuilt from the store") rebuiltActions.set(line.table as string, line.actions as number);

// A move counts as accepted again once a version beyond the rebuilt log reaches the person.
const backAt: number[] = [];
const seatedAt: number[] = [];
await Promise.all(
  people.map(async (person, i) => {
    const stored = rebuiltActions.get(tables[i]!) ?? -1;
    await person.until(() => person.rejoinedAt.length > rejoins[i]!, "back at the table", 300_000);
    seatedAt[i] = Date.now();
    await person.until(() => person.maxSeen > stored, "a move after the restart", 300_000);
    backAt[i] = Date.now();
  }),
);
const lost = people.reduce((sum, _, i) => sum + Math.max(0, seen[i]! - (rebuiltActions.get(tables[i]!) ?? 0)), 0);
const missing = tables.filter((id) => !rebuiltActions.has(id)).length;
const slowest = Math.max(...backAt) - restarting;

console.log(`tables rebuilt:              ${rebuiltActions.size} of ${tableCount}${missing ? ` (${missing} missing)` : ""}`);
console.log(`accepted moves lost:         ${lost}`);
console.log(`restart → listening:         ${seconds((listening.time as number) - restarting)} s (process start, database open, migrations checked)`);
console.log(`rebuilding the tables:       ${takeover ? seconds(takeover.ms as number) : "?"} s (claim, load, replay, create rooms)`);
console.log(`restart → every table moves: ${seconds(slowest)} s (the target is 5 s for 1,000 tables)`);
console.log(`kill → every table moves:    ${seconds(Math.max(...backAt) - killed)} s`);
const sortedSeated = seatedAt.map((t) => t - restarting).sort((a, b) => a - b);
console.log(`restart → person back at the table: median ${seconds(sortedSeated[Math.floor(sortedSeated.length / 2)]!)} s, last ${seconds(sortedSeated.at(-1)!)} s`);

for (const person of people) person.stop();
await server.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });
process.exit(lost === 0 && missing === 0 ? 0 : 1);
