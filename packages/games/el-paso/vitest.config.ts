import { defineProject } from "vitest/config";
export default defineProject({ test: { name: "el-paso", include: ["src/**/*.test.ts"] } });
