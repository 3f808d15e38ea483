/**
 * Runs the embedded PGlite in a worker thread and serves it on a Unix socket with
 * @electric-sql/pglite-socket, so the server talks to it through the ordinary PostgreSQL driver
 * (the same `pg` pool and Prisma adapter as a real server) and no query runs on the game loop.
 * Plain JavaScript: a worker is started by Node itself, outside whatever runs the TypeScript.
 *
 * workerData: { dataDir, socketPath, maxConnections, createOnly, loadFrom, dumpTo }. Messages
 * out: { ready: true } once listening, { error } if it could not start, { closed: true } after a
 * "close" message. With createOnly the worker only makes a new data folder and closes it, then
 * says { created: true }: the memory initdb touched (about half a gigabyte, measured) goes with
 * the worker instead of staying in the one that serves (issue #14). `loadFrom` names the tarball
 * of a new cluster to start from instead of running initdb (pglite-template.ts); with `dumpTo`
 * the worker runs initdb, writes the new cluster's tarball there and says { created: true }.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, maxConnections, createOnly, loadFrom, dumpTo } = workerData;
let db;
let server;
try {
  db = new PGlite(dataDir, loadFrom ? { loadDataDir: new Blob([readFileSync(loadFrom)]) } : {});
  await db.waitReady;
  if (dumpTo) {
    const tarball = await db.dumpDataDir("none");
    writeFileSync(dumpTo, Buffer.from(await tarball.arrayBuffer()));
  }
  if (createOnly || dumpTo) {
    await db.close();
    parentPort.postMessage({ created: true });
    process.exit(0);
  }
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.stack || error.message : String(error) });
}

parentPort.on("message", async (message) => {
  if (message !== "close") return;
  try {
    await server?.stop();
    // close() checkpoints and writes PGlite's files; after it the folder is consistent on disk.
    await db?.close();
  } finally {
    parentPort.postMessage({ closed: true });
  }
});
