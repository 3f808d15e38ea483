import { defineConfig } from "vitest/config";

// One Vitest run for the whole workspace: every package is a project, tests sit beside the code.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "packages/games/*/vitest.config.ts", "apps/*/vitest.config.ts", "apps/web/e2e/vitest.config.ts"],
  },
});
