import { defineProject } from "vitest/config";

// Every test file boots a Colyseus server, and the matchmaker is a module singleton: the files
// run one after another (tech-stack §5, P11).
export default defineProject({
  // Hooks open an in-memory PGlite (initdb and migrations in its worker): 5 s on a quiet
  // machine, measured over 20 s on a busy one. A hook that times out keeps running and boots a
  // second server beside the next file's, so the limit is generous.
  test: { name: "server", include: ["src/**/*.test.ts"], fileParallelism: false, testTimeout: 20_000, hookTimeout: 90_000 },
});
