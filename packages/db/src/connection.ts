import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client.ts";
import { freshClusterTarball, runMakingWorker } from "./pglite-template.ts";
import { applyMigrations, readMigrations } from "./schema-engine.ts";

// Prisma's generated client and runtime set globalThis.__dirname when they load, and nothing in
// Prisma reads it afterwards. Colyseus takes a defined __dirname to mean CommonJS and then fails
// to load its optional modules ("Dynamic require ... is not supported", tech-stack P3), so the
// global goes again as soon as Prisma is loaded.
delete (globalThis as { __dirname?: string }).__dirname;

/**
 * Where the data lives: a real PostgreSQL, or an embedded PGlite in a folder ("memory://" for
 * none). PGlite runs in a worker thread unless `thread: "main"` (kept for the store benchmark,
 * which measures what that costs the event loop).
 */
export type DatabaseConfig =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string; thread?: "worker" | "main"; checkpoints?: CheckpointPolicy };

/**
 * PGlite runs PostgreSQL as one single-user backend, without the checkpointer process a server
 * has: left alone it never takes a checkpoint while it runs (max_wal_size does not trigger one
 * either; measured), so a restart after a crash (SIGKILL, power loss) replays every change
 * since it was opened: after hours of play, minutes of replay before the server can listen.
 * Every `everyMs` the write-ahead log since the last checkpoint is measured, and past `walBytes`
 * a checkpoint is taken, through the same connection as every other query (so it never lands
 * inside somebody's transaction). A crash then costs at most about `walBytes` of replay.
 */
export interface CheckpointPolicy {
  everyMs: number;
  walBytes: number;
}

export const DEFAULT_CHECKPOINTS: CheckpointPolicy = { everyMs: 5000, walBytes: 16 * 1024 * 1024 };

const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
/** The zero-setup default: an embedded PostgreSQL in the repository's `.data/` folder. */
export const DEFAULT_PGLITE_DIR = join(REPO_ROOT, ".data/pglite");

/** DATABASE_URL selects PostgreSQL; otherwise PGLITE_DIR (or the default folder) selects PGlite. */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: env.PGLITE_DIR || DEFAULT_PGLITE_DIR };
}

export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") return `PGlite (${config.dataDir})`;
  const url = new URL(config.url);
  return `PostgreSQL (${url.hostname}:${url.port || 5432}${url.pathname})`;
}

/** Connections the pool opens; a batch of writes and the history reads share them. */
const POOL_SIZE = 10;

/** A driver adapter for the config; PGlite is opened here (its parent folders created: PGlite won't, P8). */
export async function adapterFactoryFor(config: DatabaseConfig): Promise<Adapter> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: POOL_SIZE });
    return { factory: new PrismaPg(pool), pool, close: () => pool.end() };
  }
  if (!config.dataDir.startsWith("memory://")) mkdirSync(config.dataDir, { recursive: true });
  if (config.thread === "main") {
    const template = isNewCluster(config.dataDir) ? await freshClusterTarball() : null;
    const pglite = new PGlite(config.dataDir, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    await pglite.waitReady;
    return { factory: new PrismaPGlite(pglite), close: () => pglite.close() };
  }
  return startPgliteWorker(config.dataDir);
}

/**
 * PGlite in a worker thread behind a Unix socket (pglite-worker.mjs): every query, and the
 * WebAssembly Postgres executing it, runs off the game loop, and the server reaches it through
 * the same `pg` driver as a real PostgreSQL. The socket sits in a fresh 0700 folder, so only
 * this user can connect (PGlite trusts whoever does).
 */
/**
 * A driver adapter for Prisma and, where the database is reached through the `pg` driver (a
 * PostgreSQL, or PGlite in its worker), the pool of connections it uses: the group commit
 * writes through the pool itself (ActionWriter), a third of the CPU Prisma's raw query costs.
 */
interface Adapter {
  factory: SqlMigrationAwareDriverAdapterFactory;
  pool?: pg.Pool;
  close: () => Promise<void>;
}

async function startPgliteWorker(dataDir: string): Promise<Adapter> {
  // A new folder is made (initdb) in a worker of its own that then ends: the serving worker
  // opening the made folder holds ~365 MB RSS, one that made it itself ~855 MB (measured).
  const template = isNewCluster(dataDir) ? await freshClusterTarball() : null;
  if (!dataDir.startsWith("memory://") && !existsSync(join(dataDir, "PG_VERSION"))) await createPgliteFolder(dataDir, template);
  const socketDir = mkdtempSync(join(tmpdir(), "saloon-pglite-"));
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: {
      dataDir,
      socketPath: join(socketDir, ".s.PGSQL.5432"),
      maxConnections: 2,
      // An in-memory database is new every time; a folder was made just above.
      ...(template && dataDir.startsWith("memory://") ? { loadFrom: template } : {}),
    },
    // The worker is plain JavaScript; the loaders this process runs with are not needed there.
    execArgv: [],
  });
  const message = (predicate: (m: { ready?: boolean; error?: string; closed?: boolean }) => boolean) =>
    new Promise<{ ready?: boolean; error?: string; closed?: boolean }>((done, fail) => {
      const onMessage = (m: { ready?: boolean; error?: string; closed?: boolean }) => {
        if (!predicate(m)) return;
        worker.off("message", onMessage);
        worker.off("error", fail);
        done(m);
      };
      worker.on("message", onMessage);
      worker.once("error", fail);
    });
  const started = await message((m) => m.ready === true || m.error !== undefined).catch((error: unknown) => ({ error: String(error) }));
  if (started.error !== undefined) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw new Error(`PGlite could not start in its worker: ${started.error}`);
  }
  // One connection: PGlite is one session, and pglite-socket's multiplexing interleaves the
  // extended-protocol messages of concurrent connections (measured: "bind message supplies 5
  // parameters, but prepared statement requires 10" under two busy tables). Queries queue in
  // the pool instead, which costs nothing since PGlite runs one query at a time anyway.
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: "postgres", database: "postgres", max: 1 });
  return {
    factory: new PrismaPg(pool),
    pool,
    async close() {
      await pool.end();
      const closed = message((m) => m.closed === true);
      worker.postMessage("close");
      await closed;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** A database in memory, or a folder without a cluster yet: made from the template (pglite-template.ts). */
function isNewCluster(dataDir: string): boolean {
  return dataDir.startsWith("memory://") || !existsSync(join(dataDir, "PG_VERSION"));
}

/**
 * Makes a new PGlite data folder in a worker that ends once it is made (pglite-worker.mjs,
 * createOnly): from the template's tarball when there is one, else by initdb.
 */
async function createPgliteFolder(dataDir: string, template: string | null): Promise<void> {
  try {
    await runMakingWorker({ dataDir, createOnly: true, ...(template ? { loadFrom: template } : {}) }, "making the folder");
  } catch (error) {
    throw new Error(`PGlite could not make its data folder ${dataDir}: ${(error as Error).message}`);
  }
}

async function allMigrationsApplied(prisma: PrismaClient): Promise<boolean> {
  const wanted = readMigrations().migrationDirectories.map((dir) => dir.path);
  try {
    const rows = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.map((row) => row.migration_name));
    return wanted.every((name) => done.has(name));
  } catch {
    return false; // a new database: no bookkeeping table yet
  }
}

export interface Database {
  prisma: PrismaClient;
  config: DatabaseConfig;
  /** Migrations applied while opening (empty when the database was up to date). */
  applied: string[];
  /** Checkpoints taken by CheckpointPolicy so far (PGlite only). */
  checkpoints(): number;
  /** The `pg` pool Prisma's queries go through (absent for PGlite on the main thread): for the group commit. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Takes a PGlite checkpoint whenever the log since the last one passes the policy's size (see CheckpointPolicy). */
function keepCheckpointing(prisma: PrismaClient, policy: CheckpointPolicy): { taken: number; running: Promise<void> | null; stop(): void } {
  const state = {
    taken: 0,
    running: null as Promise<void> | null,
    stop: () => clearInterval(timer),
  };
  const check = async () => {
    const [row] = await prisma.$queryRawUnsafe<{ walBytes: number }[]>(
      `SELECT (pg_current_wal_lsn() - (SELECT redo_lsn FROM pg_control_checkpoint()))::float8 AS "walBytes"`,
    );
    if ((row?.walBytes ?? 0) < policy.walBytes) return;
    await prisma.$executeRawUnsafe("CHECKPOINT");
    state.taken += 1;
  };
  const timer = setInterval(() => {
    if (state.running) return;
    // A failed check (the database closing, say) is tried again at the next tick.
    state.running = check()
      .catch(() => undefined)
      .finally(() => (state.running = null));
  }, policy.everyMs);
  timer.unref();
  return state;
}

/** Opens the database and brings its schema up to date: migrations run on every start, on both backends. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { factory, pool, close } = await adapterFactoryFor(config);
  try {
    const prisma = new PrismaClient({ adapter: factory });
    // Loading the WebAssembly schema engine costs ~0.8 s of every start (measured): skip it when
    // every migration is recorded as applied already, as after the first start.
    const applied = (await allMigrationsApplied(prisma)) ? [] : await applyMigrations(factory);
    const checkpointer = config.kind === "pglite" ? keepCheckpointing(prisma, config.checkpoints ?? DEFAULT_CHECKPOINTS) : null;
    return {
      prisma,
      config,
      applied,
      checkpoints: () => checkpointer?.taken ?? 0,
      ...(pool ? { pool } : {}),
      async close() {
        checkpointer?.stop();
        await checkpointer?.running;
        await prisma.$disconnect();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
