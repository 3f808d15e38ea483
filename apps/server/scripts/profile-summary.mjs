/**
 * Summarises a V8 CPU profile (.cpuprofile, as `bench:load --profile DIR` writes it):
 *
 *   node apps/server/scripts/profile-summary.mjs FILE [--from S] [--to S] [--top 40] [--by file|package]
 *        [--dist apps/server/dist]
 *
 * - self time per function (where the samples landed) and inclusive time (samples with the
 *   function anywhere on their stack, counted once however deep it recurses);
 * - self time per source file or package (--by), the bundle's functions mapped back to their
 *   sources through the bundle's source map (dist/main.js.map), so `table-sync.ts` shows as such;
 * - --dist: where to find the bundle's source maps when the profiled build is gone (process-harness
 *   builds into a temporary folder removed at exit): a build of the same sources (`pnpm --filter
 *   @saloon/server build` writes apps/server/dist);
 * - --from/--to: seconds from the profile's start, to leave out the start-up and the tables'
 *   opening (the per-second busy line printed first shows where the load ran).
 * Times are sample counts × the mean sampling interval; shares are of the window's non-idle time.
 */
import { readFileSync, existsSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: "string", default: "0" },
    to: { type: "string", default: "1e9" },
    top: { type: "string", default: "40" },
    by: { type: "string", default: "file" },
    dist: { type: "string" },
  },
});
if (positionals.length !== 1) throw new Error("usage: profile-summary.mjs FILE.cpuprofile [--from S] [--to S] [--top N] [--by file|package]");
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const top = Number(values.top);

/** Source maps of the bundle's files, read once each; null where there is none. */
const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      let file = url.startsWith("file:") ? fileURLToPath(url) : url;
      if (!existsSync(`${file}.map`) && values.dist) file = file.replace(/^.*\/saloon-server-build-[^/]+\//, `${values.dist}/`);
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a call frame's code came from: the original source file and line where a map says so. */
function origin(frame) {
  const map = frame.url ? sourceMapOf(frame.url) : null;
  if (map && frame.lineNumber >= 0) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && entry.originalSource) return { file: entry.originalSource, line: entry.originalLine + 1 };
  }
  return { file: frame.url || "(native)", line: frame.lineNumber + 1 };
}

const shortFile = (file) => file.replace(/^file:\/\//, "").replace(/^.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, "npm:").replace(/^.*?\/(apps|packages)\//, "$1/");
function packageOf(file) {
  const short = shortFile(file);
  if (short.startsWith("npm:")) return short.split("/").slice(0, short.startsWith("npm:@") ? 2 : 1).join("/");
  if (short.startsWith("apps/") || short.startsWith("packages/")) return short.split("/").slice(0, short.startsWith("packages/games") ? 3 : 2).join("/");
  if (short.startsWith("node:")) return "node:internals";
  return short;
}

const nodes = new Map();
for (const node of profile.nodes) {
  const where = origin(node.callFrame);
  node.label = `${node.callFrame.functionName || "(anonymous)"}  ${shortFile(where.file)}:${where.line}`;
  node.file = shortFile(where.file);
  node.package = packageOf(where.file);
  nodes.set(node.id, node);
}
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// The window: sample times are profile.startTime plus the running sum of timeDeltas (µs).
const from = profile.startTime + Number(values.from) * 1e6;
const to = profile.startTime + Number(values.to) * 1e6;
const self = new Map();
const inclusive = new Map();
const byGroup = new Map();
const perSecond = [];
let at = profile.startTime;
let inWindow = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  const node = nodes.get(profile.samples[i]);
  const second = Math.floor((at - profile.startTime) / 1e6);
  perSecond[second] ??= { all: 0, idle: 0 };
  perSecond[second].all++;
  const isIdle = node.callFrame.functionName === "(idle)";
  if (isIdle) perSecond[second].idle++;
  if (at < from || at > to) continue;
  inWindow++;
  if (isIdle) {
    idle++;
    continue;
  }
  self.set(node.label, (self.get(node.label) ?? 0) + 1);
  const group = values.by === "package" ? node.package : node.file;
  byGroup.set(group, (byGroup.get(group) ?? 0) + 1);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const label = nodes.get(id).label;
    if (seen.has(label)) continue;
    seen.add(label);
    inclusive.set(label, (inclusive.get(label) ?? 0) + 1);
  }
}
const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length; // ms per sample
const busy = inWindow - idle;
const ms = (count) => (count * interval).toFixed(0).padStart(7);
const share = (count) => `${((100 * count) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;

console.log(`profile ${positionals[0]}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, ${profile.samples.length} samples of ~${(interval * 1000).toFixed(0)} µs`);
console.log(`busy share per second (from the start): ${perSecond.map((s) => (s ? Math.round((100 * (s.all - s.idle)) / s.all) : 0)).join(" ")}`);
console.log(`window ${values.from}–${values.to === "1e9" ? "end" : values.to} s: ${ms(inWindow).trim()} ms, busy ${ms(busy).trim()} ms (${((100 * busy) / Math.max(1, inWindow)).toFixed(0)} %)`);
const table = (title, map) => {
  console.log(`\n${title} (ms, share of busy time)`);
  for (const [label, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(count)} ${share(count)}  ${label}`);
};
table(`self time by ${values.by === "package" ? "package" : "file"}`, byGroup);
table("self time by function", self);
table("inclusive time by function", inclusive);
