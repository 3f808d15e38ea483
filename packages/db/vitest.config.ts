import { defineProject } from "vitest/config";
// Several files open databases; keep them one at a time so PostgreSQL sees one scratch database at a time.
export default defineProject({ test: { name: "db", include: ["src/**/*.test.ts"], fileParallelism: false, testTimeout: 60_000, hookTimeout: 60_000 } });
