import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineProject } from "vitest/config";

// Unit tests of the web client (no browser): log phrasing, layout, helpers. The Svelte plugin
// compiles runes in *.svelte.ts modules, so page state such as TableSession runs here too.
export default defineProject({
  plugins: [svelte()],
  test: { name: "web", environment: "node", include: ["src/**/*.test.ts"] },
});
