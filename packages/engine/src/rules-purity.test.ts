/**
 * The rules are pure (DESIGN.md): the engine and every game's sources import nothing from the
 * server, the database, the browser or Node, so a seed and an action log rebuild a game the
 * same way everywhere (server, browser replay, simulator). This reads every source file of the
 * engine and the games (tests and test helpers aside) and checks what each imports and touches.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../..", import.meta.url));
const ruleFolders = [join(packagesDir, "engine/src"), ...readdirSync(join(packagesDir, "games")).map((game) => join(packagesDir, "games", game, "src"))];

/** Packages the rules may use: the engine itself, and small pure libraries (hashing, seeded numbers, copy-on-write). */
const ALLOWED = [/^@saloon\/engine$/, /^@noble\/hashes\//, /^pure-rand\//, /^mutative$/];
/** Only test code may use the engine's test helpers. */
const TEST_ONLY = /^@saloon\/engine\/testing$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Test helpers live beside the tests they serve (test-helpers.ts, testing.ts, sue-test-helpers.ts …). */
const isTestHelper = (file: string) => /(test-helpers|testing)\.ts$/.test(file);

function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"|(?:^|\n)\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

describe("the rules' purity", () => {
  const files = ruleFolders.flatMap(sourceFiles);

  it("finds the engine's and every game's sources", () => {
    const names = files.map((file) => relative(packagesDir, file));
    expect(names).toContain("engine/src/define-game.ts");
    for (const game of ["fistful", "el-gaucho", "el-paso"]) expect(names.some((name) => name.startsWith(`games/${game}/src/rules`))).toBe(true);
  });

  it("imports only the engine, its own files and the allowed pure libraries", () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (spec.startsWith(".")) continue;
        if (ALLOWED.some((allowed) => allowed.test(spec))) continue;
        if (TEST_ONLY.test(spec) && isTestHelper(file)) continue;
        wrong.push(`${relative(packagesDir, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("touches no browser or Node globals", () => {
    const wrong: string[] = [];
    for (const file of files) {
      // Comments may mention them; code may not.
      let code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      // The one exception: a new table's seed comes from the platform's CSPRNG (making a seed,
      // which the server does once per table, is not playing one).
      if (relative(packagesDir, file) === join("engine", "src", "rng.ts")) code = code.replace("globalThis.crypto.getRandomValues(", "");
      for (const name of ["window", "document", "localStorage", "process", "globalThis", "require", "Buffer", "setTimeout", "Date.now", "Math.random", "performance"]) {
        if (new RegExp(`(?<![\\w.$])${name.replace(".", "\\.")}\\b`).test(code)) wrong.push(`${relative(packagesDir, file)} uses ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
