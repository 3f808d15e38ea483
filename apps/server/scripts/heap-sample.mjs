/**
 * Finds what the server allocates that lives long enough to be promoted out of the young
 * generation and is then collected by a mark-compact: the objects that make the full collections
 * come often. Preloaded into the server by bench:load:
 *
 *   HEAP_SAMPLE_OUT=/tmp/major.json HEAP_SAMPLE_MAJOR=1 \
 *     pnpm bench:load --tables 1000 --seconds 60 --rate 1 --spectators \
 *       "--node-args=--import=./scripts/heap-sample.mjs"   (the server runs in apps/server)
 *
 * then `kill -USR2 <server pid>` (bench:load prints it) once to start V8's sampling heap profiler
 * and again to write its profile (a .heapprofile's JSON) to HEAP_SAMPLE_OUT. With
 * HEAP_SAMPLE_MAJOR=1 the samples include objects the mark-compacts collected meanwhile; without,
 * only those still alive. The difference between a run of each, per allocating function, is what
 * was promoted and died (docs/sync-journal.md, twenty-third session). Open the profile in
 * Chrome's DevTools (Memory, "Load"), or sum its `head` tree's selfSize per callFrame; the
 * server's bundle maps back to the sources through its .map files.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

const out = process.env.HEAP_SAMPLE_OUT;
if (!out) throw new Error("heap-sample.mjs: set HEAP_SAMPLE_OUT to the file to write");
const session = new Session();
session.connect();
await session.post("HeapProfiler.enable");
let sampling = false;
process.on("SIGUSR2", () => {
  void (async () => {
    if (!sampling) {
      sampling = true;
      await session.post("HeapProfiler.startSampling", { samplingInterval: 8192, includeObjectsCollectedByMajorGC: process.env.HEAP_SAMPLE_MAJOR === "1" });
      return;
    }
    sampling = false;
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(out, JSON.stringify(profile));
  })();
});
