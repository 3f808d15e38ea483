import { existsSync, statSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.ts";
import { freshClusterTarball } from "./pglite-template.ts";

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
