import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.ts";
import { freshClusterTarball, makeOrAwaitTemplate } from "./pglite-template.ts";

describe("the new-cluster template", () => {
  it("is a tarball kept per PGlite version, made once per process", async () => {
    const file = await freshClusterTarball();
    expect(file).not.toBeNull();
    expect(basename(file!)).toMatch(/^pglite-\d+\.\d+\.\d+-initdb\.tar$/);
    expect(statSync(file!).size).toBeGreaterThan(1_000_000);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(await freshClusterTarball()).toBe(file);
  });

  it("gives every database a cluster of its own: migrated on open, and what one writes the next one never sees", async () => {
    // In its worker thread and on the main thread alike (both start from the template).
    const first = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    const second = await openDatabase({ kind: "pglite", dataDir: "memory://", thread: "main" });
    try {
      expect(first.applied.length).toBeGreaterThan(0);
      expect(second.applied).toEqual(first.applied);
      await first.prisma.player.create({ data: { id: "p-template", tokenHash: "hash-of-ann", displayName: "Ann" } });
      expect(await first.prisma.player.count()).toBe(1);
      expect(await second.prisma.player.count()).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
    const third = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    expect(third.applied).toEqual(first.applied);
    expect(await third.prisma.player.count()).toBe(0);
    await third.close();
  });
});

describe("making the template once among processes", () => {
  const folder = () => mkdtempSync(join(tmpdir(), "saloon-template-"));
  /** A stand-in for initdb: writes a small tarball after `ms`, counting its calls. */
  const slowDump = (ms: number) => {
    const calls: string[] = [];
    const dump = async (to: string) => {
      calls.push(to);
      await new Promise((done) => setTimeout(done, ms));
      writeFileSync(to, "cluster");
    };
    return { calls, dump };
  };
  /** The pid of a process that ran and ended. */
  const endedPid = () => {
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    return Number(child.stdout);
  };

  it("makes it once when several want it at the same moment: the others wait for the file", async () => {
    const dir = folder();
    const file = join(dir, "t.tar");
    const { calls, dump } = slowDump(500);
    await Promise.all([makeOrAwaitTemplate(file, dump), makeOrAwaitTemplate(file, dump), makeOrAwaitTemplate(file, dump)]);
    expect(calls).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe("cluster");
    expect(readdirSync(dir)).toEqual(["t.tar"]);
    rmSync(dir, { recursive: true });
  });

  it("takes over at once the lock and half-written file of a maker that was killed, and leaves a live maker's alone", async () => {
    const dir = folder();
    const file = join(dir, "t.tar");
    const dead = endedPid();
    mkdirSync(`${file}.lock`);
    writeFileSync(join(`${file}.lock`, "pid"), String(dead));
    writeFileSync(`${file}.${dead}.1.partial`, "half");
    // A partial of a process that still runs (this one) is not touched: it may yet be renamed.
    writeFileSync(`${file}.${process.pid}.2.partial`, "mine");
    const { calls, dump } = slowDump(10);
    const started = Date.now();
    await makeOrAwaitTemplate(file, dump);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(calls).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(["t.tar", `t.tar.${process.pid}.2.partial`]);
    rmSync(dir, { recursive: true });
  });

  it("waits for a lock whose maker still runs, and goes on once its file is there", async () => {
    const dir = folder();
    const file = join(dir, "t.tar");
    mkdirSync(`${file}.lock`);
    writeFileSync(join(`${file}.lock`, "pid"), String(process.pid));
    const { calls, dump } = slowDump(10);
    const waiting = makeOrAwaitTemplate(file, dump);
    await new Promise((done) => setTimeout(done, 600));
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, "theirs");
    rmSync(`${file}.lock`, { recursive: true });
    await waiting;
    expect(calls).toHaveLength(0);
    expect(readFileSync(file, "utf8")).toBe("theirs");
    rmSync(dir, { recursive: true });
  });
});
