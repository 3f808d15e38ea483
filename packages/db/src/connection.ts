import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client.ts";
import { applyMigrations } from "./schema-engine.ts";

// Prisma's generated client and runtime set globalThis.__dirname when they load, and nothing in
// Prisma reads it afterwards. Colyseus takes a defined __dirname to mean CommonJS and then fails
// to load its optional modules ("Dynamic require ... is not supported", tech-stack P3), so the
// global goes again as soon as Prisma is loaded.
delete (globalThis as { __dirname?: string }).__dirname;

/** Where the data lives: a real PostgreSQL, or an embedded PGlite in a folder ("memory://" for none). */
export type DatabaseConfig = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
/** The zero-setup default: an embedded PostgreSQL in the repository's `.data/` folder. */
export const DEFAULT_PGLITE_DIR = join(REPO_ROOT, ".data/pglite");

/** DATABASE_URL selects PostgreSQL; otherwise PGLITE_DIR (or the default folder) selects PGlite. */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: env.PGLITE_DIR || DEFAULT_PGLITE_DIR };
}

export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") return `PGlite (${config.dataDir})`;
  const url = new URL(config.url);
  return `PostgreSQL (${url.hostname}:${url.port || 5432}${url.pathname})`;
}

/** A driver adapter for the config; PGlite is opened here (its parent folders created: PGlite won't, P8). */
export async function adapterFactoryFor(config: DatabaseConfig): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; close: () => Promise<void> }> {
  if (config.kind === "postgres") {
    return { factory: new PrismaPg({ connectionString: config.url }), close: async () => {} };
  }
  if (!config.dataDir.startsWith("memory://")) mkdirSync(config.dataDir, { recursive: true });
  const pglite = new PGlite(config.dataDir);
  await pglite.waitReady;
  return { factory: new PrismaPGlite(pglite), close: () => pglite.close() };
}

export interface Database {
  prisma: PrismaClient;
  config: DatabaseConfig;
  /** Migrations applied while opening (empty when the database was up to date). */
  applied: string[];
  close(): Promise<void>;
}

/** Opens the database and brings its schema up to date: migrations run on every start, on both backends. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { factory, close } = await adapterFactoryFor(config);
  try {
    const applied = await applyMigrations(factory);
    const prisma = new PrismaClient({ adapter: factory });
    return {
      prisma,
      config,
      applied,
      async close() {
        await prisma.$disconnect();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
