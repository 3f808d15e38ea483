#!/usr/bin/env node
/**
 * node scripts/profile-summary.mjs <file.cpuprofile> [--top 40] [--from s] [--to s]
 *
 * A V8 CPU profile (node --cpu-prof; bench:recovery --cpu-prof, bench:load --profile) summed up
 * per function: self time (samples in the function itself) and inclusive time (samples with the
 * function anywhere on the stack, counted once per sample), in ms and as a share of the samples
 * in the window. --from/--to keep only the samples taken that many seconds after the profile's start (the
 * rebuild, say, without the code loading before it).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "40" }, from: { type: "string" }, to: { type: "string" } },
});
if (positionals.length !== 1) {
  console.error("usage: profile-summary.mjs <file.cpuprofile> [--top N] [--from s] [--to s]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const nameOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.replace(/^.*\/node_modules\//, "~/").replace(/^.*\/(apps|packages)\//, "$1/").replace(/^file:\/\//, "") : "";
  return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
};

const from = values.from === undefined ? -Infinity : Number(values.from) * 1e6;
const to = values.to === undefined ? Infinity : Number(values.to) * 1e6;
const self = new Map();
const inclusive = new Map();
let total = 0;
let at = 0;
// Each sample's weight is the time until the next one (the last one gets the mean).
const deltas = profile.timeDeltas;
const meanDelta = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
for (let i = 0; i < profile.samples.length; i++) {
  at += deltas[i];
  if (at < from || at > to) continue;
  const weight = i + 1 < deltas.length ? deltas[i + 1] : meanDelta;
  total += weight;
  let id = profile.samples[i];
  const leaf = nameOf(nodes.get(id));
  self.set(leaf, (self.get(leaf) ?? 0) + weight);
  const seen = new Set();
  while (id !== undefined) {
    const name = nameOf(nodes.get(id));
    if (!seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
    }
    id = parent.get(id);
  }
}
const top = Number(values.top);
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const share = (us) => ((100 * us) / total).toFixed(1).padStart(5);
console.log(`${(total / 1e6).toFixed(2)} s sampled in the window (profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s)`);
console.log(`\nself time (ms, %):`);
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ${share(us)}  ${name}`);
console.log(`\ninclusive time (ms, %):`);
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ${share(us)}  ${name}`);
