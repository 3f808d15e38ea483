import { defineConfig } from "vitest/config";

// The whole workspace: every package is a project, tests sit beside the code. `pnpm test` runs
// scripts/test.mjs, which starts the serial projects (server, db) and the rest as two Vitest
// processes side by side; `vitest run` alone still runs everything, only slower.
export default defineConfig({
  test: {
    // Both cores: the long seeded-simulation files (El Paso, El Gaucho, Fistful: ~7 CPU-minutes)
    // otherwise run one after another beside an idle core, and CI must stay under 20 minutes.
    maxWorkers: 2,
    projects: ["packages/*/vitest.config.ts", "packages/games/*/vitest.config.ts", "apps/*/vitest.config.ts", "apps/web/e2e/vitest.config.ts"],
  },
});
