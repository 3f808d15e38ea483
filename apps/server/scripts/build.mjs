/**
 * Compiles the server (apps/server/src/main.ts and the workspace packages it uses) into
 * dist/main.js (and the chunks it imports), so a start runs plain JavaScript: no TypeScript is
 * transpiled while the server starts (under tsx that cost a restart ~2–2.5 s of CPU on this
 * machine, bench:recovery). What main.ts imports dynamically stays a chunk of its own, loaded
 * when main.ts asks for it: the database opens while the rest of the code loads.
 *
 * Our own code (this app and the @saloon/* packages, which ship TypeScript sources) and the
 * packages it uses are bundled: loading node_modules file by file (resolving each, reading
 * package.json files, lexing CommonJS for its exports, compiling module by module) was 1.2–1.4 s
 * of CPU before the server could listen, the bundle ~0.45 s (after a crash every table waits
 * for it; bench:recovery). The build takes ~2 s instead of ~0.4 s. A few packages stay imports of the very file Node would load, resolved
 * here once (KEEP_EXTERNAL: they read files next to their own, or do not survive bundling).
 * Each bundled file of ours keeps its own `import.meta.url`, so paths relative to a source file
 * (the PGlite worker, the migrations folder, the web client's build) stay what they are under tsx.
 *
 * Run by `pnpm install` (postinstall), `pnpm test` and `pnpm start`; dist/ is not committed.
 * `--outdir path` writes elsewhere (process-harness.ts: each test process compiles the sources
 * as they are into a folder of its own, so an edit is never tested against an old build).
 */
import { readFile, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const serverDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Packages not bundled: PGlite and Prisma's schema engine load their WebAssembly and data files
 * from beside their own files; pg extends pg-pool's class through a CommonJS/ESM interop that
 * breaks in a bundle ("Class extends value #<Object> is not a constructor").
 */
const KEEP_EXTERNAL = ["@electric-sql/pglite", "@prisma/schema-engine-wasm", "pg", "pg-pool"];

/** Bare imports of the packages kept external: as the absolute file Node would load. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@saloon/") || args.path.startsWith("node:") || args.pluginData?.inner) return undefined;
      if (!KEEP_EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { inner: true } });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // A Node built-in named without "node:" stays as written.
      if (resolved.external) return { path: args.path, external: true };
      // require() takes a path, import a URL.
      return { path: args.kind === "require-call" ? resolved.path : pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/**
 * @pm2/io stays out of the build. Colyseus imports it dynamically once the matchmaker starts
 * (Stats.ts, a failure ignored) only to show its counts on PM2's dashboard, which does not run
 * this server. In the bundle it was a chunk of its own, loaded, compiled and initialised (it
 * reads a stack trace, so Node parsed the whole source map for it) while a restarted server
 * rebuilt its tables: ~130 ms of the main thread (bench:recovery's profile). Once loaded it
 * samples the process every second (every active handle listed, ~2,000 sockets at 1,000
 * tables): ~0.5 % of the server's CPU under load (docs/sync-journal.md). Here the import finds a module
 * that refuses to load, and Colyseus carries on without it.
 */
const withoutPm2 = {
  name: "without-pm2-io",
  setup(b) {
    b.onResolve({ filter: /^@pm2\/io$/ }, () => ({ path: "@pm2/io", namespace: "left-out" }));
    b.onLoad({ filter: /.*/, namespace: "left-out" }, () => ({ contents: 'throw new Error("@pm2/io is left out of the server build (apps/server/scripts/build.mjs)");', loader: "js" }));
  },
};

/** Our TypeScript files keep their own location as import.meta.url. */
const ownFileUrls = {
  name: "own-file-urls",
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts)$/ }, async (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = await readFile(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

const { values } = parseArgs({ options: { outdir: { type: "string", default: join(serverDir, "dist") } } });
const started = performance.now();
const result = await build({
  metafile: true,
  // The bots' thread (bot-thinker.ts) is an entry of its own, sharing the chunks, found through the define below.
  entryPoints: [join(serverDir, "src/main.ts"), join(serverDir, "src/bot-worker.ts")],
  define: { SALOON_BOT_WORKER_URL: JSON.stringify(pathToFileURL(resolve(values.outdir, "bot-worker.js")).href) },
  outdir: values.outdir,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  sourcesContent: false,
  // Whitespace and syntax minified: V8 parses every byte of a chunk as it loads, and a start spent
  // ~400 ms compiling the bundle (the start's profile). Start to /health on an empty database, 5
  // alternated pairs: ~1,390 → ~1,270 ms of CPU and ~6,000 fewer page faults. Identifiers are
  // kept (as fast: 1,016 against 1,008 ms, 5 pairs), so CPU profiles and `.name` still say what
  // each function is; stack traces name the original file and line through the source maps.
  // No `keepNames`: with identifiers kept it only mattered where the bundle renames a binding
  // that two modules share (zod's `string2`, ws's `WebSocket2`, Prisma's error classes, which set
  // their own `name`), and it cost a `__name()` call (an Object.defineProperty) at every creation
  // of a named function or class, nested closures included: 4,500 calls in the bundle, ~80 ms of
  // a restart's profile, ~110 ms of CPU from start to /health (docs/recovery.md, 24 Nov, 9th session).
  minifyWhitespace: true,
  minifySyntax: true,
  // No "import" condition forced: a bundled require() must get a package's CommonJS entry
  // (router's require("is-promise") got the ES module's namespace, "isPromise is not a function").
  plugins: [withoutPm2, externalPackages, ownFileUrls],
  // The bundled CommonJS packages require Node's built-ins (and the packages kept external).
  banner: { js: 'import { createRequire as __saloonCreateRequire } from "node:module"; const require = __saloonCreateRequire(import.meta.url);' },
  logLevel: "warning",
});
// The chunks' names carry their hash, so every changed build wrote new ones beside the old: remove
// the chunks this build did not write (a server started from the old build has imported its own by then:
// every dynamic import of main.ts happens during its start).
const written = new Set(Object.keys(result.metafile.outputs).map((path) => resolve(path)));
const chunksDir = join(values.outdir, "chunks");
const stale = (await readdir(chunksDir).catch(() => [])).map((name) => resolve(chunksDir, name)).filter((path) => !written.has(path));
await Promise.all(stale.map((path) => rm(path, { force: true })));
console.log(`server compiled to ${join(values.outdir, "main.js")} in ${Math.round(performance.now() - started)} ms`);
