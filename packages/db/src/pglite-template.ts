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
 * that holds the lock instead of each spending 9 s making the same file; a lock or a half-written
 * file left by a maker that was killed (Ctrl-C during a first start) is taken over and removed at
 * once by the next process that needs the template. If it cannot be made
 * or kept (a read-only folder, say), databases are made by initdb as before.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
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

/** Writes the tarball of a cluster made by initdb to `to` (pglite-worker.mjs, dumpTo, in a worker of its own). */
async function dumpNewCluster(to: string): Promise<void> {
  await runMakingWorker({ dataDir: "memory://", dumpTo: to }, "writing the template");
}

/** Whether process `pid` of this machine still runs (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process named in a lock or a partial file's name, if it is one. */
const pidIn = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);

/**
 * A lock older than this was left by a process that hung or ran on another machine sharing the
 * folder (one killed on this machine is seen at once: its pid no longer runs).
 */
const STALE_LOCK_MS = 120_000;

/** Whether the lock was left behind: its maker no longer runs, or it is older than making takes. */
function isAbandoned(lock: string): boolean {
  const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  if (age > STALE_LOCK_MS) return true;
  let pid: number | null = null;
  try {
    pid = pidIn(readFileSync(join(lock, "pid"), "utf8").trim());
  } catch {
    // No pid yet: taken a moment ago (the maker writes it right after the lock), or by an older
    // version of this code: the age decides.
  }
  return pid !== null && !isRunning(pid);
}

/** Removes the half-written tarballs of `file` whose writers were killed (each name carries its writer's pid). */
function removeDeadPartials(file: string): void {
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dirname(file))) {
    if (!name.startsWith(prefix) || !name.endsWith(".partial")) continue;
    const pid = pidIn(name.slice(prefix.length).split(".")[0] ?? "");
    if (pid !== null && !isRunning(pid)) rmSync(join(dirname(file), name), { force: true });
  }
}

/**
 * Makes the template at `file` unless another process is making it, in which case waits for its
 * file. `dump` writes a new cluster's tarball (initdb; replaced in tests). A process killed while
 * making it leaves its lock and a half-written `*.partial` behind: the next one takes the lock
 * over at once and removes the partial.
 */
export async function makeOrAwaitTemplate(file: string, dump: (to: string) => Promise<void> = dumpNewCluster): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return;
    try {
      mkdirSync(lock);
    } catch {
      // Two processes that both find it abandoned may both remove it and both make the
      // template: harmless (each renames a whole file into place), only slower.
      if (isAbandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      if (existsSync(file)) return;
      removeDeadPartials(file);
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      try {
        await dump(partial);
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
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
