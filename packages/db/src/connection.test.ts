import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PGLITE_DIR, databaseConfigFromEnv, describeDatabase, openDatabase } from "./connection.ts";

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
