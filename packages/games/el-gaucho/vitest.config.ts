import { defineProject } from "vitest/config";
export default defineProject({ test: { name: "el-gaucho", include: ["src/**/*.test.ts"] } });
