#!/usr/bin/env node
// Runs the whole Vitest suite as three processes side by side, so that both cores stay busy.
//
// Why: the server and db projects must run their files one at a time (every server test boots
// Colyseus, whose matchmaker is a module singleton; the db files share one scratch PostgreSQL).
// In a single Vitest run such projects are scheduled last, on one worker, after everything else:
// CI spent ~9 minutes on them beside an idle core. Here each serial project runs in a process of
// its own from the start (they share nothing: every test database has a name of its own), next
// to the parallel part (every other project), and the run ends when the longest one does. Much
// of the serial projects' time is waiting (bots' pace, restarts, timers), not CPU: in one process
// they were the longest part of CI (server 704 s + db 129 s against 825 s for all the rest).
//
// Extra arguments go to every part (a file filter, `-t name`, ...); a part that then has no
// matching file passes instead of failing.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERIAL = ["server", "db"];

/** Every project's name, read from its vitest.config, in the folders the root config lists. */
function projectNames() {
  const folders = ["apps", "packages", "packages/games"].flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, parent, entry.name)));
  folders.push(join(root, "apps/web/e2e"));
  return folders
    .map((folder) => join(folder, "vitest.config.ts"))
    .filter((file) => existsSync(file))
    .map((file) => {
      const match = /name:\s*"([^"]+)"/.exec(readFileSync(file, "utf8"));
      if (!match) throw new Error(`${file}: no test.name`);
      return match[1];
    });
}

const names = projectNames();
for (const name of SERIAL) if (!names.includes(name)) throw new Error(`no project named ${name}`);
const parallel = names.filter((name) => !SERIAL.includes(name));
const extra = process.argv.slice(2);
// The root devDependency's command-line entry (the package does not export this path).
const vitest = join(root, "node_modules/vitest/vitest.mjs");

/** Starts one half; its output lines carry the half's name, so the two can be read apart. */
function run(label, projects) {
  const args = [vitest, "run", ...projects.flatMap((name) => ["--project", name]), ...extra];
  if (extra.length > 0) args.push("--passWithNoTests");
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
  const prefix = (stream, out) => {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop();
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on("end", () => { if (pending) out.write(`[${label}] ${pending}\n`); });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  const done = new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, done, label };
}

const started = Date.now();
const halves = [...SERIAL.map((name) => run(name, [name])), run("parallel", parallel)];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => { for (const half of halves) half.child.kill(signal); });
}
const codes = await Promise.all(halves.map((half) => half.done));
const seconds = ((Date.now() - started) / 1000).toFixed(0);
halves.forEach((half, i) => console.log(`${half.label}: ${codes[i] === 0 ? "passed" : `failed (exit ${codes[i]})`}`));
console.log(`all parts finished in ${seconds} s`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
