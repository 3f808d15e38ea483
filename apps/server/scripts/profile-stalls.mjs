/**
 * node apps/server/scripts/profile-stalls.mjs DIR [--seconds 20]
 *
 * What the server's long turns were: DIR holds a V8 profile and the trace of the same run
 * (`bench:load --trace --profile DIR`). V8's sample times and the trace are both on the machine's
 * monotonic clock, so the samples that fall inside the trace's turns ≥ 10 ms (over the last
 * --seconds of the trace: bench:load's window) are counted by function (self), by caller chain
 * from the event loop's entry (what kind of work the turn ran), and in all.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { seconds: { type: "string", default: "20" } } });
const dir = positionals[0];
if (!dir) {
  console.error("usage: profile-stalls.mjs DIR [--seconds 20]");
  process.exit(2);
}
const profileName = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(join(dir, profileName), "utf8"));
const trace = JSON.parse(readFileSync(join(dir, "trace.json"), "utf8"));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
let at = profile.startTime; // µs, monotonic
const sampleMs = profile.timeDeltas.map((delta) => (at += delta) / 1000);

const to = Math.max(...trace.moves.map((move) => move.sent));
const from = to - Number(values.seconds) * 1000;
const stalls = trace.spans.filter((span) => span.kind === "stall" && span.start > from && span.end < to).sort((a, b) => a.start - b.start);
const label = (node) => `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").slice(-2).join("/")}:${node.callFrame.lineNumber}`;

const self = new Map();
const entries = new Map();
let inWindow = 0;
let inStalls = 0;
let next = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const ms = sampleMs[i];
  if (ms < from || ms > to) continue;
  inWindow++;
  while (next < stalls.length && stalls[next].end < ms) next++;
  if (next >= stalls.length || ms < stalls[next].start) continue;
  inStalls++;
  const node = nodes.get(profile.samples[i]);
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const chain = [];
  for (let id = node.id; id !== undefined; id = parent.get(id)) chain.push(nodes.get(id));
  const entry = chain.reverse().slice(1, 4).map(label).join(" > ");
  entries.set(entry, (entries.get(entry) ?? 0) + 1);
}
console.log(`${stalls.length} turns ≥ 10 ms in the last ${values.seconds} s; ${inStalls} of ${inWindow} samples inside them`);
const show = (counts, rows) => {
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${((100 * count) / inStalls).toFixed(1).padStart(5)} %  ${name}`);
};
console.log("\nby the work the turn ran (the event loop's entry, three frames deep):");
show(entries, 15);
console.log("\nby function (self):");
show(self, 25);
