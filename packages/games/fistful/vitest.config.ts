import { defineProject } from "vitest/config";
export default defineProject({ test: { name: "fistful", include: ["src/**/*.test.ts"] } });
