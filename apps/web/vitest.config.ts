import { defineProject } from "vitest/config";

// Unit tests of the web client (no browser): log phrasing, layout, helpers.
export default defineProject({
  test: { name: "web", environment: "node", include: ["src/**/*.test.ts"] },
});
