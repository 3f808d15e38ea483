import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PGLITE_DIR, databaseConfigFromEnv, describeDatabase, openDatabase } from "./connection.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("database configuration", () => {
  it("uses the embedded PGlite folder unless DATABASE_URL is set", () => {
    expect(databaseConfigFromEnv({})).toEqual({ kind: "pglite", dataDir: DEFAULT_PGLITE_DIR });
    expect(databaseConfigFromEnv({ PGLITE_DIR: "/srv/saloon" })).toEqual({ kind: "pglite", dataDir: "/srv/saloon" });
    expect(databaseConfigFromEnv({ DATABASE_URL: "postgresql://u:secret@db:5433/saloon" })).toEqual({
      kind: "postgres",
      url: "postgresql://u:secret@db:5433/saloon",
    });
    // The description goes into logs: no password in it.
    expect(describeDatabase({ kind: "postgres", url: "postgresql://u:secret@db:5433/saloon" })).toBe("PostgreSQL (db:5433/saloon)");
  });
});

describe("the zero-setup PGlite default", () => {
  const parent = mkdtempSync(join(tmpdir(), "saloon-pglite-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("creates its folder, migrates on first start, and keeps the data across restarts", async () => {
    // A folder whose parents do not exist yet: PGlite itself would not create them.
    const dataDir = join(parent, "nested", "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir });
    expect(first.applied.length).toBeGreaterThan(0);
    await first.prisma.player.create({ data: { tokenHash: "h1", displayName: "Nell" } });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    expect(second.applied).toEqual([]);
    expect((await second.prisma.player.findUnique({ where: { tokenHash: "h1" } }))?.displayName).toBe("Nell");
    await second.close();
  });
});

describe("PGlite checkpoints", () => {
  it("takes a checkpoint once the log since the last one passes the limit, so a crash replays at most that", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://", checkpoints: { everyMs: 20, walBytes: 256 * 1024 } });
    try {
      const redo = async () =>
        (await db.prisma.$queryRawUnsafe<{ lsn: string }[]>(`SELECT (SELECT redo_lsn FROM pg_control_checkpoint())::text AS lsn`))[0]!.lsn;
      // The migrations wrote more than the limit: their checkpoint comes first.
      for (let i = 0; i < 200 && db.checkpoints() === 0; i++) await sleep(20);
      const settled = db.checkpoints();
      expect(settled).toBeGreaterThan(0);
      const before = await redo();
      // Quiet: nothing more to checkpoint.
      await sleep(200);
      expect(db.checkpoints()).toBe(settled);
      // About 1 MB of log: more than the limit.
      await db.prisma.$executeRawUnsafe(`CREATE TABLE "checkpointProbe" ("v" text)`);
      for (let i = 0; i < 20; i++) await db.prisma.$executeRawUnsafe(`INSERT INTO "checkpointProbe" SELECT repeat('x', 200) FROM generate_series(1, 200)`);
      for (let i = 0; i < 200 && db.checkpoints() === settled; i++) await sleep(20);
      expect(db.checkpoints()).toBeGreaterThan(settled);
      expect(await redo()).not.toBe(before);
    } finally {
      await db.close();
    }
  });
});
