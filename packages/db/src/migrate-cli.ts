/**
 * Database migrations from the command line, through the WebAssembly schema engine.
 *   pnpm db:migrate                 apply pending migrations (DATABASE_URL, else the local PGlite folder)
 *   pnpm db:migration <name>        write prisma/migrations/<timestamp>_<name>/migration.sql from schema.prisma
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { adapterFactoryFor, databaseConfigFromEnv } from "./connection.ts";
import { applyMigrations, MIGRATIONS_DIR, pendingSchemaSql } from "./schema-engine.ts";

const [command, name] = process.argv.slice(2);

if (command === "create") {
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("usage: pnpm db:migration <name>   (lower case letters, digits and _)");
    process.exit(2);
  }
  // A throwaway in-memory database: replay the existing migrations there, then diff.
  const scratch = new PGlite("memory://");
  const sql = await pendingSchemaSql(new PrismaPGlite(scratch));
  await scratch.close();
  if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
    console.log("schema.prisma matches the migrations; nothing to write");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = join(MIGRATIONS_DIR, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "migration.sql"), sql);
    writeFileSync(join(MIGRATIONS_DIR, "migration_lock.toml"), '# Written by the migration tool; keep it in version control.\nprovider = "postgresql"\n');
    console.log(`wrote ${dir}/migration.sql`);
  }
} else if (command === undefined || command === "deploy") {
  const config = databaseConfigFromEnv();
  const { factory, close } = await adapterFactoryFor(config);
  const applied = await applyMigrations(factory);
  await close();
  console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
} else {
  console.error("usage: migrate-cli.ts [deploy | create <name>]");
  process.exit(2);
}
