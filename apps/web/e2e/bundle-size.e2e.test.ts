/**
 * The built client's size budget (issue #14), read from the build manifest: a size, not a timing.
 * The figures themselves are printed by `pnpm bench:bundle`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, GAME_MODULES, LOBBY_BUDGET_BYTES, bundleReport, readManifest } from "../scripts/bundle-size.ts";

describe("the web bundle", () => {
  const report = bundleReport();

  it(`the lobby loads at most ${LOBBY_BUDGET_BYTES / 1000} KB of gzipped JS`, () => {
    expect(report.lobby.files.length).toBeGreaterThan(0);
    expect(report.lobby.gzipBytes).toBeGreaterThan(10_000); // a real measurement: Svelte and the SDK are in it
    expect(report.lobby.gzipBytes).toBeLessThanOrEqual(LOBBY_BUDGET_BYTES);
  });

  it("each game's board and rules load only when a table or replay of that game opens", () => {
    const manifest = readManifest();
    const lobbyFiles = new Set(report.lobby.files);
    for (const [game, module] of Object.entries(GAME_MODULES)) {
      const chunk = manifest[module];
      expect(chunk?.isDynamicEntry, `${game} is a chunk of its own`).toBe(true);
      expect(lobbyFiles.has(chunk!.file), `${game} is not in the lobby`).toBe(false);
      expect(report.games.find((g) => g.name === game)!.gzipBytes).toBeGreaterThan(5_000);
    }
    // index.html loads and preloads the lobby's chunks only, never a game's.
    const html = readFileSync(join(DIST, "index.html"), "utf8");
    const loaded = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+)"/g)].map((m) => m[1]!);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => !lobbyFiles.has(file))).toEqual([]);
  });

  it("no chunk carries zod or its JSON-schema export (the server validates, the browser does not)", () => {
    expect(report.unused).toEqual([]);
  });
});
