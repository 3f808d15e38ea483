import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

// Where `vite dev` forwards server traffic; the production server serves dist/ itself.
const target = process.env.SALOON_SERVER ?? "http://127.0.0.1:2567";

export default defineConfig({
  // Paraglide recompiles the messages (messages/*.json, src/games/*/messages/*.json) on change.
  plugins: [svelte(), paraglideVitePlugin({ project: "./project.inlang", outdir: "./src/paraglide", strategy: ["globalVariable", "baseLocale"] })],
  server: {
    proxy: {
      "/api": target,
      "/health": target,
      "/matchmake": target,
      // A room's WebSocket lives at /<processId>/<roomId>?sessionId=…; forward those upgrades too.
      "^/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+\\?(?:.*&)?sessionId=": { target, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // dist/.vite/manifest.json: which chunks each page and game loads (scripts/bundle-size.ts).
    manifest: true,
  },
});
