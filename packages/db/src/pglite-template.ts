/**
 * A new PGlite cluster, made once and kept as a tarball: every fresh database starts from it.
 *
 * Why: PGlite's initdb runs PostgreSQL's bootstrap in WebAssembly, ~9 s of CPU on this machine
 * (15 s of wall time beside other work), and every in-memory database (each test file, each
 * browser test's server, a benchmark's scratch store) and every new data folder paid it.
 * Unpacking the same cluster from a tarball costs ~2 s. The tarball is what initdb made and
 * nothing more (no schema, no rows): migrations still run on open as before, so a database
 * from the template is exactly a new one.
 *
 * It is kept per PGlite version (a different build of PostgreSQL makes a different cluster) in
 * node_modules/.cache/saloon, made by the first open that needs it, written under a temporary
 * name and renamed, so no process ever reads a half-written file. Processes that need it at the
 * same moment (the test suite's workers, the servers of the browser tests) wait for the one
 * that holds the lock instead of each spending 9 s making the same file. If it cannot be made
 * or kept (a read-only folder, say), databases are made by initdb as before.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const CACHE_DIR = join(REPO_ROOT, "node_modules/.cache/saloon");

/** The installed PGlite's version, read from its package.json (the package does not export it). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("the installed @electric-sql/pglite has no package.json with its version");
    dir = parent;
  }
}

/**
 * Runs pglite-worker.mjs for a cluster it makes and closes (createOnly or dumpTo) and waits until
 * it says so; the memory the making touched goes with the worker. `what` names the job in errors.
 */
export async function runMakingWorker(workerData: Record<string, unknown>, what: string): Promise<void> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData, execArgv: [] });
  try {
    const answer = await new Promise<{ created?: boolean; error?: string }>((done, fail) => {
      worker.on("message", done);
      worker.once("error", fail);
      worker.once("exit", (code) => fail(new Error(`the worker ended (code ${code}) before ${what}`)));
    });
    if (answer.error !== undefined) throw new Error(answer.error);
  } finally {
    await worker.terminate();
  }
}

/** Runs initdb in a worker of its own (pglite-worker.mjs, dumpTo) and writes the cluster's tarball to `file`. */
async function makeTemplate(file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    await runMakingWorker({ dataDir: "memory://", dumpTo: partial }, "writing the template");
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Longer than making the template takes on a busy machine: a lock this old was left by a killed process. */
const STALE_LOCK_MS = 120_000;

/** Makes the template unless another process is making it, in which case waits for its file. */
async function makeOrAwaitTemplate(file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return;
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (!existsSync(file)) await makeTemplate(file);
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

let template: Promise<string | null> | null = null;

/**
 * The path of the tarball a new cluster starts from, made on first use. Null when it cannot be
 * made: the caller runs initdb instead.
 */
export function freshClusterTarball(): Promise<string | null> {
  template ??= (async () => {
    try {
      const file = join(CACHE_DIR, `pglite-${pgliteVersion()}-initdb.tar`);
      await makeOrAwaitTemplate(file);
      return file;
    } catch {
      return null;
    }
  })();
  return template;
}
