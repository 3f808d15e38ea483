/**
 * Migrations without Prisma's native schema engine.
 *
 * Every `prisma migrate` command first downloads a native schema-engine binary, and that host
 * is out of reach on our machines (tech-stack P6). Prisma also ships the same engine compiled
 * to WebAssembly (`@prisma/schema-engine-wasm`), which talks to the database through a driver
 * adapter — the same adapters the runtime client uses. We drive it here. It reads the standard
 * `prisma/migrations/<timestamp>_<name>/migration.sql` layout and keeps the standard
 * `_prisma_migrations` table, so a machine that can run `prisma migrate deploy` may use it
 * interchangeably.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";

const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
export const SCHEMA_PATH = join(REPO_ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = join(REPO_ROOT, "prisma/migrations");
const NO_FILTERS = { externalTables: [], externalEnums: [] };

// @types/node 20 does not type the WebAssembly global; these are the members used here.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
};

let wasmReady = false;
/**
 * Instantiates the engine's WebAssembly once per process. The package's own entry imports the
 * .wasm file as an ES module, which Node 20 cannot do without a flag, so we do what that entry
 * does by hand.
 */
function loadWasm(): void {
  if (wasmReady) return;
  const require = createRequire(import.meta.url);
  const wasmPath = join(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/schema_engine_bg\.js$/, ""), "schema_engine_bg.wasm");
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": engineBindings });
  engineBindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  wasmReady = true;
}

function schemaFiles() {
  return [{ path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") }];
}

async function openEngine(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<engineBindings.SchemaEngine> {
  loadWasm();
  const files = schemaFiles();
  return engineBindings.SchemaEngine.new(
    { datamodels: files.map((f) => [f.path, f.content] as [string, string]) },
    () => {}, // engine log lines; nothing we need
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}

/** The migrations folder as the engine wants it: every `<name>/migration.sql`, in name order. */
export function readMigrations(dir = MIGRATIONS_DIR): engineBindings.MigrationList {
  const lockPath = join(dir, "migration_lock.toml");
  let lock: string | null = null;
  try {
    lock = readFileSync(lockPath, "utf8");
  } catch {
    lock = null;
  }
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: lock },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: readFileSync(join(dir, name, "migration.sql"), "utf8") } },
    })),
  };
}

/**
 * Applies every migration not yet applied; returns their names. Re-running is a no-op. Tests of a
 * data migration pass a folder holding only the migrations before it.
 */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory, dir = MIGRATIONS_DIR): Promise<string[]> {
  const engine = await openEngine(adapterFactory);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: readMigrations(dir), filters: NO_FILTERS });
    return appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * The SQL that takes a database with every existing migration applied to what schema.prisma
 * describes (what `prisma migrate dev --create-only` writes). `adapterFactory` must point at an
 * empty scratch database; the existing migrations are applied to it first.
 */
export async function pendingSchemaSql(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const engine = await openEngine(adapterFactory);
  try {
    await engine.applyMigrations({ migrationsList: readMigrations(), filters: NO_FILTERS });
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files: schemaFiles(), configDir: REPO_ROOT },
      to: { tag: "schemaDatamodel", files: schemaFiles() },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}
