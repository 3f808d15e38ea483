import { defineProject } from "vitest/config";

// The CLI is tested end to end: a real server process and real bot processes.
export default defineProject({ test: { name: "bot", include: ["src/**/*.test.ts"], testTimeout: 150_000, hookTimeout: 30_000 } });
