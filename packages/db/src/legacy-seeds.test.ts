/**
 * Matches stored before issue #9 were seeded through a 32-bit hash. The migration
 * `legacy_fnv_seeds` marks their seeds so the engine keeps that derivation for them alone:
 * a match stored by the old server must replay to exactly its stored result afterwards.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LEGACY_SEED_PREFIX, playOut, replay } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseConfig, adapterFactoryFor } from "./connection.ts";
import { PrismaClient } from "./generated/prisma/client.ts";
import { MatchStore } from "./match-store.ts";
import { MIGRATIONS_DIR, applyMigrations } from "./schema-engine.ts";

const LEGACY_MIGRATION = "20261122160000_legacy_fnv_seeds";
/** Every migration older than the legacy-seed one: the schema of the server that stored the old match. */
const earlier = readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{14}_/.test(name) && name < LEGACY_MIGRATION)
  .sort();
/** The migrations folder as it was before the legacy-seed migration. */
const before = mkdtempSync(join(tmpdir(), "saloon-migrations-"));
cpSync(join(MIGRATIONS_DIR, "migration_lock.toml"), join(before, "migration_lock.toml"));
for (const name of earlier) cpSync(join(MIGRATIONS_DIR, name), join(before, name), { recursive: true });
afterAll(() => rmSync(before, { recursive: true, force: true }));

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Empty databases of each kind the tests run on (PostgreSQL when TEST_DATABASE_URL is set). */
function emptyDatabases(): { name: string; open(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> }[] {
  // PGlite on this thread: the test opens the schema engine three times beside a client, which the
  // worker's single session (connection.ts) is not made for; what is tested is the migration.
  const list = [{ name: "PGlite", open: async () => ({ config: { kind: "pglite", dataDir: "memory://", thread: "main" } as DatabaseConfig, drop: async () => {} }) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    list.push({
      name: "PostgreSQL",
      async open() {
        const name = `saloon_legacy_${randomBytes(6).toString("hex")}`;
        await admin(serverUrl, `CREATE DATABASE ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        return { config: { kind: "postgres", url: url.toString() }, drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
      },
    });
  }
  return list;
}

describe.each(emptyDatabases())("legacy seeds on $name", (database) => {
  it("a match stored under the 32-bit derivation replays to its stored result after the migration", async () => {
    const { config, drop } = await database.open();
    const { factory, close } = await adapterFactoryFor(config);
    const prisma = new PrismaClient({ adapter: factory });
    try {
      expect(await applyMigrations(factory, before)).toEqual(earlier);
      // What the old server stored: its seed text, played with the 32-bit derivation.
      const oldSeed = "Qm9sZFNlZWQtZnJvbS0yMDI2";
      const played = playOut(fistful, { seed: `${LEGACY_SEED_PREFIX}${oldSeed}`, seats: 3 });
      // Stored as the old server stored it: only the columns its schema had (today's store
      // writes columns that later migrations add, which the old schema does not have yet).
      const scores = fistful.scores(played.state)!;
      await prisma.$executeRaw`
        INSERT INTO "Match" ("id", "game", "rulesVersion", "options", "seed", "status", "createdAt", "startedAt", "finishedAt", "scoreCategories")
        VALUES ('m-old', 'fistful', ${fistful.rulesVersion}, '{}'::jsonb, ${oldSeed}, 'finished', '2026-11-20T10:00:00Z', '2026-11-20T10:01:00Z', '2026-11-20T10:30:00Z', ${scores.categories})`;
      for (const seat of [0, 1, 2]) {
        await prisma.$executeRaw`INSERT INTO "MatchSeat" ("matchId", "seat", "kind", "name") VALUES ('m-old', ${seat}, 'bot', ${`Bot ${seat + 1}`})`;
      }
      for (const [index, entry] of played.log.entries()) {
        await prisma.$executeRaw`
          INSERT INTO "MatchAction" ("matchId", "index", "seat", "action") VALUES ('m-old', ${index}, ${entry.seat}, ${JSON.stringify(entry.action)}::jsonb)`;
      }
      for (const line of scores.lines) {
        await prisma.$executeRaw`
          INSERT INTO "MatchResult" ("matchId", "seat", "total", "breakdown", "tiebreak", "placement", "winner")
          VALUES ('m-old', ${line.seat}, ${line.total}, ${JSON.stringify(line.breakdown)}::jsonb, ${JSON.stringify(line.tiebreak)}::jsonb, ${line.placement}, ${scores.winners.includes(line.seat)})`;
      }
      const store = new MatchStore(prisma);
      // Under the new derivation the bare old seed is another game: its log no longer fits.
      expect(() => replay(fistful, oldSeed, 3, undefined, played.log)).toThrow();

      // The legacy-seed migration comes next; migrations added after it (chat …) follow it.
      const later = readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{14}_/.test(name) && name > LEGACY_MIGRATION).sort();
      expect(await applyMigrations(factory)).toEqual([LEGACY_MIGRATION, ...later]);
      const detail = (await store.getEnded("m-old"))!;
      expect(detail.seed).toBe(`${LEGACY_SEED_PREFIX}${oldSeed}`);
      expect(fistful.scores(replay(fistful, detail.seed, 3, undefined, detail.actions))).toEqual(detail.scores);
      // Running the migrations again changes nothing (no double prefix).
      expect(await applyMigrations(factory)).toEqual([]);
      expect((await store.getEnded("m-old"))!.seed).toBe(detail.seed);
    } finally {
      await prisma.$disconnect();
      await close();
      await drop();
    }
  });
});
