/**
 * `pnpm fuzz --minutes N [--seed S] [--per-kind K] [--kinds lobby,seated,bystander,stranger,http] [--json]`: fuzzes a real server process for N
 * minutes while bystander games are played beside the attack, then prints messages sent,
 * crashes, refusals by code, and the bystander's move→patch latency. Exits 1 if the server
 * crashed, a refusal was untyped, a promise was broken, or a bystander game went differently.
 */
import { runFuzz } from "./run.ts";
import { readOptions } from "@saloon/cli";

const { values, fail } = readOptions("pnpm fuzz", {
  minutes: { type: "string", default: "1" },
  seed: { type: "string", default: "fuzz" },
  "per-kind": { type: "string", default: "1" },
  kinds: { type: "string" },
  json: { type: "boolean", default: false },
});
const minutes = Number(values.minutes);
const perKind = Number(values["per-kind"]);
// --per-kind 0 plays the bystander games alone: the baseline for the latency figures.
if (!(minutes > 0) || !Number.isInteger(perKind) || perKind < 0) fail("--minutes > 0, --per-kind a whole number >= 0");

const kinds = values.kinds?.split(",").map((kind) => kind.trim());
const report = await runFuzz({ durationMs: minutes * 60_000, seed: values.seed, perKind, kinds, log: (line) => console.error(line) });
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const width = Math.max(...Object.keys(report.refusals).map((key) => key.length), 10);
  console.log(`fuzzed for ${(report.durationMs / 1000).toFixed(0)} s (seed "${values.seed}", ${perKind} fuzzer(s) of each kind)`);
  console.log(`messages sent        ${report.messagesSent} (+ ${report.framesSent} garbage frames)`);
  console.log(`HTTP requests        ${report.httpRequests}`);
  console.log(`crashes              ${report.crashes}${report.crashNotes.length ? `: ${report.crashNotes.join("; ")}` : ""}`);
  console.log(`untyped refusals     ${report.untyped.length}`);
  for (const line of report.untyped) console.log(`  ${line}`);
  console.log(`broken promises      ${report.violations.length}`);
  for (const line of report.violations) console.log(`  ${line}`);
  console.log(`bystander games      ${report.bystander.games} (${report.bystander.moves} moves by people), differences ${report.bystander.differences.length}`);
  for (const line of report.bystander.differences.slice(0, 10)) console.log(`  ${line}`);
  console.log(`quiet game before the fuzz: ${report.quiet.moves} moves, move→patch p50 ${report.quiet.p50Ms.toFixed(1)} ms, p99 ${report.quiet.p99Ms.toFixed(1)} ms`);
  console.log(`bystander move→patch p50 ${report.bystander.p50Ms.toFixed(1)} ms, p99 ${report.bystander.p99Ms.toFixed(1)} ms, max ${report.bystander.maxMs.toFixed(1)} ms`);
  console.log("refusals by code:");
  for (const [code, count] of Object.entries(report.refusals).sort((a, b) => b[1] - a[1])) console.log(`  ${code.padEnd(width)} ${count}`);
}
const failed = report.crashes > 0 || report.untyped.length > 0 || report.violations.length > 0 || report.bystander.differences.length > 0 || report.bystander.games === 0;
process.exit(failed ? 1 : 0);
