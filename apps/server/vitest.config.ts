import { defineProject } from "vitest/config";

// Every test file boots a Colyseus server, and the matchmaker is a module singleton: the files
// run one after another (tech-stack §5, P11).
export default defineProject({
  test: { name: "server", include: ["src/**/*.test.ts"], fileParallelism: false, testTimeout: 20_000, hookTimeout: 20_000 },
});
