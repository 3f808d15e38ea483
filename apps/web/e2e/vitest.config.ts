import { defineProject } from "vitest/config";

// The browser test: a real server, the built client (apps/web/dist) and Debian's Chromium.
// The root `pnpm test` builds the client before Vitest runs.
export default defineProject({
  test: {
    name: "web-e2e",
    include: ["**/*.e2e.test.ts"],
    environment: "node",
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
