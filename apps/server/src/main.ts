/**
 * Starts the Saloon server from the environment:
 * PORT (2567), HOST (0.0.0.0), BOT_DELAY_MS (700), LOG_LEVEL (info), and the per-client
 * message budget RATE_LIMIT_PER_SECOND (10) / RATE_LIMIT_BURST (20), and the database:
 * DATABASE_URL (a PostgreSQL) or else PGLITE_DIR (default: .data/pglite in the repository), and
 * for several processes sharing the site REDIS_URL and PUBLIC_ADDRESS (host:port clients reach
 * this process at; default 127.0.0.1:PORT).
 * TRUST_PROXY=1 behind one reverse proxy: budgets follow the address it puts last in X-Forwarded-For.
 * MATCHMAKE_PER_SECOND (5) / MATCHMAKE_BURST (30): matchmaking requests per address, and
 * CREATES_PER_MINUTE (10) / CREATES_BURST (10): tables created per address (a load benchmark
 * opens thousands of tables from one address). METRICS_SECONDS (0: off): every so
 * many seconds a "load metrics" log line (write backlog, event-loop delay, where moves spent
 * their time: move-timing.ts) for operators and bench:load.
 */
import { existsSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MatchStore, databaseConfigFromEnv, describeDatabase, openDatabase } from "@saloon/db";
import { pino } from "pino";
import { moveTiming } from "./move-timing.ts";
import { errWithSources } from "./stack-sources.ts";

// Errors' stacks name the TypeScript sources, mapped when logged (stack-sources.ts) rather than
// through --enable-source-maps, which reads every map at every start.
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "saloon-server" }, serializers: { err: errWithSources } });

// Zero setup by default: an embedded PGlite in .data/; DATABASE_URL selects a real PostgreSQL.
// Migrations are applied on every start. The database opens (PGlite boots in its worker thread,
// on the other core) while the rest of the server's code loads: a restart costs the longer of
// the two instead of their sum (bench:recovery measures both).
const databaseConfig = databaseConfigFromEnv();
const opening = openDatabase(databaseConfig).then(
  (opened) => ({ opened }),
  (error: unknown) => ({ error }),
);
const [{ games }, { DEFAULT_RATE_LIMIT, DEFAULT_REBUILD_SLICE_MS, createSaloonServer }, { DEFAULT_BUDGETS }, { installProcessGuards }] = await Promise.all([
  import("@saloon/catalog"),
  import("./app.ts"),
  import("./budgets.ts"),
  import("./process-guard.ts"),
]);
// CPU time as well as wall time: on a busy machine the CPU figure says what the start itself costs.
const cpuMs = () => Math.round((({ user, system }) => (user + system) / 1000)(process.cpuUsage()));
logger.info({ uptimeMs: Math.round(process.uptime() * 1000), cpuMs: cpuMs() }, "server code loaded");

function intFromEnv(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    logger.fatal({ name, value: raw, min }, "environment variable must be an integer of at least min");
    process.exit(1);
  }
  return value;
}

const port = intFromEnv("PORT", 2567);
const host = process.env.HOST || "0.0.0.0";
const botDelayMs = intFromEnv("BOT_DELAY_MS", 700);
const rateLimit = {
  perSecond: intFromEnv("RATE_LIMIT_PER_SECOND", DEFAULT_RATE_LIMIT.perSecond, 1),
  burst: intFromEnv("RATE_LIMIT_BURST", DEFAULT_RATE_LIMIT.burst, 1),
};
const matchmakePerAddress = {
  perSecond: intFromEnv("MATCHMAKE_PER_SECOND", DEFAULT_BUDGETS.matchmakePerAddress.perSecond, 1),
  burst: intFromEnv("MATCHMAKE_BURST", DEFAULT_BUDGETS.matchmakePerAddress.burst, 1),
};
const createsPerAddress = {
  perSecond: intFromEnv("CREATES_PER_MINUTE", Math.round(DEFAULT_BUDGETS.createsPerAddress.perSecond * 60), 1) / 60,
  burst: intFromEnv("CREATES_BURST", DEFAULT_BUDGETS.createsPerAddress.burst, 1),
};
const metricsSeconds = intFromEnv("METRICS_SECONDS", 0);
// How long a turn of the event loop goes on rebuilding tables after a start (docs/recovery.md; 0: one table per turn).
const rebuildSliceMs = intFromEnv("REBUILD_SLICE_MS", DEFAULT_REBUILD_SLICE_MS);
const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

const openedOrFailed = await opening;
if ("error" in openedOrFailed) {
  logger.fatal({ err: openedOrFailed.error, database: describeDatabase(databaseConfig) }, "cannot open the database");
  process.exit(1);
}
const database = openedOrFailed.opened;
logger.info({ database: describeDatabase(databaseConfig), migrationsApplied: database.applied }, "database ready");
// Through the pool where there is one: a finished match's write skips Prisma's query compiler (match-finish.ts).
const store = new MatchStore(database.prisma, logger.child({ component: "store" }), database.pool ? { pool: database.pool } : {});

const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
const redisUrl = process.env.REDIS_URL || undefined;
const publicAddress = process.env.PUBLIC_ADDRESS || (redisUrl ? `127.0.0.1:${port}` : undefined);
const redis = redisUrl ? await (await import("./redis-parts.ts")).redisParts(redisUrl) : undefined;
const server = createSaloonServer({ games, botDelayMs, rateLimit, budgets: { matchmakePerAddress, createsPerAddress }, trustProxy, logger, webDist, store, pool: database.pool, statements: databaseConfig.kind === "postgres" ? "named" : "executed", redis, publicAddress, rebuildSliceMs });

installProcessGuards(logger);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: closing tables");
    server
      .stop()
      // Every accepted action is stored and running games stay "playing"; now the database can close.
      .then(() => database.close())
      .then(() => {
        logger.info("stopped");
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  });
}

/**
 * Connections the kernel may hold completed for the server before it accepts them. Node's
 * default is 511; after a restart a thousand people come back at once, each with two new
 * connections (the matchmaking request, the WebSocket), while Node accepts one connection per
 * turn of its event loop (docs/recovery.md step 3). Past the queue's length the kernel drops the
 * handshake and the client repeats it 1, 3, 7 s later: bench:recovery counted ~2,100 overflows
 * in a restart of 1,000 tables, and its last reservation came 4 s after every table was back.
 * The kernel caps the figure at net.core.somaxconn (4096 by default since Linux 5.4).
 */
const LISTEN_BACKLOG = 4096;
await server.listen(port, host, LISTEN_BACKLOG);
const webBuilt = existsSync(join(webDist, "index.html"));
const siteUrl = `http://${host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host}:${port}/`;
logger.info(
  { port, host, url: siteUrl, games: Object.keys(games), botDelayMs, rateLimit, redis: redisUrl !== undefined, publicAddress, web: webBuilt ? webDist : null },
  "Saloon server listening",
);
// For the person who started it: one plain line (on stderr, so stdout stays JSON for log tools).
process.stderr.write(webBuilt ? `Saloon is open at ${siteUrl}\n` : `Saloon's server is up at ${siteUrl} (no web client: run pnpm --filter @saloon/web build)\n`);
// Every game that was running when this process (or, with Redis, another one) stopped comes back.
const rebuilt = await server.keeper.start();
logger.info({ rebuilt }, "running games rebuilt");

if (metricsSeconds > 0) {
  // What bench:load reads from outside: how far the store is behind the accepted moves (rows
  // queued or being written) and how long callbacks waited for the event loop.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  moveTiming.watchGc();
  setInterval(() => {
    const memory = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    logger.info(
      {
        // Where the resident memory is: V8's heap, buffers outside it, and the rest (PGlite's
        // WebAssembly memory in its worker, code, native libraries).
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        heapTotalMb: mb(memory.heapTotal),
        externalMb: mb(memory.external),
        arrayBuffersMb: mb(memory.arrayBuffers),
        writeBacklog: server.writer.backlog,
        rowsWritten: server.writer.stats.rows,
        loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        loopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
        // Where accepted moves spent their time in this interval (move-timing.ts), and the group commit's batches.
        ...moveTiming.take(),
      },
      "load metrics",
    );
    loopDelay.reset();
  }, metricsSeconds * 1000).unref();
}
