/**
 * What the built client makes a browser download, from Vite's manifest (dist/.vite/manifest.json):
 * the lobby (index.html's script and everything it imports statically), each page opened from
 * it, and each game's own chunk (its board, wording and rules), each counted without what the
 * lobby has already loaded. Sizes are gzip (zlib level 6, as Vite reports them) and raw.
 *
 * `pnpm bench:bundle` builds and prints the table; bundle-size.e2e.test.ts holds the lobby to its
 * budget of 100 KB gzipped JS (issue #14).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const DIST = fileURLToPath(new URL("../dist", import.meta.url));
/** The lobby's JS budget, gzipped (issue #14: "the lobby loads ≤ 100 KB gzipped JS"). */
export const LOBBY_BUDGET_BYTES = 100_000;
/** The game modules loaded on demand (apps/web/src/games/registry.ts), by game id. */
export const GAME_MODULES: Record<string, string> = {
  fistful: "src/games/fistful/index.ts",
  "el-gaucho": "src/games/el-gaucho/index.ts",
  "el-paso": "src/games/el-paso/index.ts",
};
const PAGE_MODULES: Record<string, string> = {
  "table page": "src/pages/Table.svelte",
  "history page": "src/pages/History.svelte",
  "match page": "src/pages/Match.svelte",
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Download {
  name: string;
  /** The JS files, as served under dist/. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleReport {
  lobby: Download;
  pages: Download[];
  games: Download[];
  /** Every JS file of the build, with what it holds that a browser never needs (zod, JSON schema export). */
  unused: { file: string; finds: string[] }[];
}

export function readManifest(dist = DIST): Manifest {
  try {
    return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch (error) {
    throw new Error(`no build manifest in ${dist}: run \`pnpm --filter @saloon/web build\` first (${(error as Error).message})`);
  }
}

/** The manifest keys a chunk pulls in before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function measure(dist: string, manifest: Manifest, name: string, keys: Iterable<string>): Download {
  const files: string[] = [];
  const css = new Set<string>();
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const key of keys) {
    const chunk = manifest[key]!;
    const body = readFileSync(join(dist, chunk.file));
    files.push(chunk.file);
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 6 }).length;
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  let cssGzipBytes = 0;
  for (const sheet of css) cssGzipBytes += gzipSync(readFileSync(join(dist, sheet)), { level: 6 }).length;
  return { name, files, rawBytes, gzipBytes, cssGzipBytes };
}

// Markers that survive minification: zod v4 keeps its internals under `_zod`, and its JSON
// schema export is named so. The browser validates nothing with zod (the server does).
const UNUSED_MARKERS = ["_zod", "toJSONSchema", "JSONSchemaGenerator"];

export function bundleReport(dist = DIST): BundleReport {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error("the build manifest has no entry");
  const lobbyKeys = staticClosure(manifest, entry);
  const onTopOfLobby = (name: string, key: string) => measure(dist, manifest, name, [...staticClosure(manifest, key)].filter((k) => !lobbyKeys.has(k)));
  const unused: BundleReport["unused"] = [];
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith(".js")) continue;
    const text = readFileSync(join(dist, chunk.file), "utf8");
    const finds = UNUSED_MARKERS.filter((marker) => text.includes(marker));
    if (finds.length > 0) unused.push({ file: chunk.file, finds });
  }
  return {
    lobby: measure(dist, manifest, "lobby", lobbyKeys),
    pages: Object.entries(PAGE_MODULES).map(([name, key]) => onTopOfLobby(name, key)),
    games: Object.entries(GAME_MODULES).map(([id, key]) => onTopOfLobby(id, key)),
    unused,
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function printReport(report: BundleReport): void {
  const rows = [report.lobby, ...report.pages, ...report.games];
  console.log(`${"download".padEnd(14)} ${"JS gzip".padStart(10)} ${"JS raw".padStart(10)} ${"CSS gzip".padStart(10)}  files`);
  for (const row of rows) {
    console.log(`${row.name.padEnd(14)} ${kb(row.gzipBytes).padStart(10)} ${kb(row.rawBytes).padStart(10)} ${kb(row.cssGzipBytes).padStart(10)}  ${row.files.map((f) => f.replace(/^assets\//, "")).join(" ")}`);
  }
  console.log(`(pages and games: what they add on top of the lobby; a page also loads its game's chunk)`);
  console.log(`lobby budget: ${kb(report.lobby.gzipBytes)} of ${kb(LOBBY_BUDGET_BYTES)} gzipped JS${report.lobby.gzipBytes > LOBBY_BUDGET_BYTES ? " — OVER" : ""}`);
  console.log(report.unused.length === 0 ? "no zod or JSON-schema code in any chunk" : `unused library code: ${JSON.stringify(report.unused)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) printReport(bundleReport());
