import { defineProject } from "vitest/config";

// The browser test: a real server, the built client (apps/web/dist) and Debian's Chromium.
// The root `pnpm test` builds the client before Vitest runs.
export default defineProject({
  test: {
    name: "web-e2e",
    include: ["**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["./global-setup.ts"],
    testTimeout: 240_000,
    // Longer than the harness's own 60 s wait for the server's /health, so a server that does not
    // come up fails with what it printed rather than a bare hook timeout.
    hookTimeout: 90_000,
  },
});
