/**
 * What PostgreSQL itself did while a benchmark ran: why a commit waited (docs/sync-journal.md, 23 Nov 2026,
 * the Fistful tail at 1,000 tables).
 *
 *   node packages/db/scripts/pg-watch.mjs --seconds 30 [--url postgresql://postgres@127.0.0.1:5432/postgres]
 *       [--database-like 'saloon_test_%'] [--log /var/log/postgresql/postgresql-15-main.log]
 *
 * Every 10 ms it samples pg_stat_activity for the benchmark's backends (the databases named like
 * --database-like) and counts what each active one was doing: on a CPU or waiting for one (no
 * wait event), writing or flushing WAL (IO: WALWrite / WALSync), queued for the WAL write lock
 * (LWLock: WALWrite), a lock, the client. Per second it prints those counts, the time an fdatasync
 * of 8 kB took on the database's file system (the probe, one per 20 ms), and at the end:
 * pg_stat_wal and pg_stat_bgwriter over the window (full-page images, WAL written and flushed,
 * checkpoints), the checkpoints the server's log shows in the window, and how long PostgreSQL's
 * processes ran and waited, runnable, for a CPU (/proc/<pid>/schedstat; needs to run as root or
 * the postgres user).
 */
import { closeSync, fdatasyncSync, openSync, readFileSync, readdirSync, unlinkSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    url: { type: "string", default: process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres" },
    "database-like": { type: "string", default: "saloon_test_%" },
    log: { type: "string", default: "/var/log/postgresql/postgresql-15-main.log" },
  },
});
const seconds = Number(values.seconds);
const client = new pg.Client({ connectionString: values.url });
await client.connect();
const dataDir = (await client.query("SHOW data_directory")).rows[0].data_directory;

/** PostgreSQL's processes: the postmaster's children (backends, WAL writer, checkpointer, …). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
function schedOf(pid) {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
    const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    return { ran, waited, title };
  } catch {
    return null;
  }
}
const schedAll = () => new Map(postgresPids().map((pid) => [pid, schedOf(pid)]).filter(([, s]) => s));
const stats = async () => ({
  wal: (await client.query("SELECT * FROM pg_stat_wal")).rows[0],
  bgwriter: (await client.query("SELECT * FROM pg_stat_bgwriter")).rows[0],
  lsn: (await client.query("SELECT pg_current_wal_lsn() AS lsn")).rows[0].lsn,
});

const startedAt = new Date();
const before = await stats();
const schedBefore = schedAll();

// The fdatasync probe: the same file system as the WAL, one 8 kB write and flush at a time.
const probePath = `${dataDir}/../pg-watch-probe-${process.pid}`;
let probeFd = null;
try {
  probeFd = openSync(probePath, "w");
} catch {
  probeFd = openSync(`/tmp/pg-watch-probe-${process.pid}`, "w");
}
const page = Buffer.alloc(8192, 1);
const perSecond = [];
const slot = () => (perSecond[Math.floor((Date.now() - startedAt.getTime()) / 1000)] ??= { samples: 0, states: new Map(), syncs: [] });
const probe = setInterval(() => {
  const t = performance.now();
  writeSync(probeFd, page, 0, page.length, 0);
  fdatasyncSync(probeFd);
  slot().syncs.push(performance.now() - t);
}, 20);

const until = Date.now() + seconds * 1000;
while (Date.now() < until) {
  const { rows } = await client.query(
    `SELECT state, wait_event_type, wait_event FROM pg_stat_activity WHERE datname LIKE $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    [values["database-like"]],
  );
  const now = slot();
  now.samples++;
  for (const row of rows) {
    if (row.state !== "active") continue;
    const what = row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : "CPU (running or runnable)";
    now.states.set(what, (now.states.get(what) ?? 0) + 1);
  }
  await new Promise((done) => setTimeout(done, 10));
}
clearInterval(probe);
closeSync(probeFd);
try {
  unlinkSync(probePath);
} catch {
  // in /tmp
}
const after = await stats();
const schedAfter = schedAll();
const endedAt = new Date();

const pct = (values_, p) => {
  const sorted = [...values_].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;
};
console.log(`pg-watch ${startedAt.toISOString()} → ${endedAt.toISOString()}, databases like ${values["database-like"]}`);
console.log("second: active backends per sample by what they were doing | fdatasync p50 / max ms");
perSecond.forEach((s, i) => {
  if (!s || s.syncs.length === 0) return;
  const states = [...s.states].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what} ${(n / s.samples).toFixed(2)}`).join(", ");
  console.log(`  ${String(i).padStart(3)}: ${states || "idle"} | ${pct(s.syncs, 50).toFixed(1)} / ${Math.max(...s.syncs).toFixed(1)}`);
});
const allSyncs = perSecond.flatMap((s) => s?.syncs ?? []);
console.log(`fdatasync of 8 kB on ${dataDir}/..: p50 ${pct(allSyncs, 50).toFixed(2)} / p99 ${pct(allSyncs, 99).toFixed(2)} / max ${Math.max(...allSyncs).toFixed(2)} ms (${allSyncs.length})`);
const delta = (a, b, key) => Number(b[key]) - Number(a[key]);
const walMb = (delta(before.wal, after.wal, "wal_bytes") / 1e6).toFixed(1);
console.log(`pg_stat_wal (whole server): ${walMb} MB, ${delta(before.wal, after.wal, "wal_records")} records, ${delta(before.wal, after.wal, "wal_fpi")} full-page images, ${delta(before.wal, after.wal, "wal_write")} writes, ${delta(before.wal, after.wal, "wal_sync")} syncs, buffers full ${delta(before.wal, after.wal, "wal_buffers_full")}`);
console.log(`pg_stat_bgwriter: checkpoints timed ${delta(before.bgwriter, after.bgwriter, "checkpoints_timed")}, requested ${delta(before.bgwriter, after.bgwriter, "checkpoints_req")}, buffers written by checkpoints ${delta(before.bgwriter, after.bgwriter, "buffers_checkpoint")}, by the bgwriter ${delta(before.bgwriter, after.bgwriter, "buffers_clean")}, by backends ${delta(before.bgwriter, after.bgwriter, "buffers_backend")}`);
try {
  const lines = readFileSync(values.log, "utf8").split("\n");
  const inWindow = lines.filter((line) => {
    const at = Date.parse(line.slice(0, 23).replace(" ", "T") + "Z");
    return at >= startedAt.getTime() && at <= endedAt.getTime() && /checkpoint|database system/.test(line);
  });
  console.log(`checkpoints in the server's log during the window: ${inWindow.length === 0 ? "none" : ""}`);
  for (const line of inWindow) console.log(`  ${line.slice(0, 220)}`);
} catch (error) {
  console.log(`server log not readable (${error.message})`);
}
let ran = 0;
let waited = 0;
const byKind = new Map();
for (const [pid, now] of schedAfter) {
  const then = schedBefore.get(pid) ?? { ran: 0, waited: 0 };
  const r = now.ran - then.ran;
  const w = now.waited - then.waited;
  ran += r;
  waited += w;
  const rest = now.title.replace(/^postgres: (\d+\/main: )?/, "");
  const isClient = /\(\d+\)|\[local\]/.test(rest);
  const kind = !isClient ? rest.split(" ")[0] || "postmaster" : rest.includes(values["database-like"].replaceAll("%", "")) ? "the benchmark's backends" : "other client backends (and this one)";
  const k = byKind.get(kind) ?? { ran: 0, waited: 0 };
  k.ran += r;
  k.waited += w;
  byKind.set(kind, k);
}
const window = (endedAt - startedAt) / 1000;
console.log(`PostgreSQL's processes: ran ${(ran / 1e7 / window).toFixed(0)} % of a core, waited runnable for a CPU ${(waited / 1e7 / window).toFixed(0)} % (sum over processes)`);
for (const [kind, k] of [...byKind].sort((a, b) => b[1].ran - a[1].ran).slice(0, 8)) {
  console.log(`  ${kind}: ran ${(k.ran / 1e7 / window).toFixed(1)} %, waited ${(k.waited / 1e7 / window).toFixed(1)} %`);
}
await client.end();
