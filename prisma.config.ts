import { defineConfig } from "prisma/config";

// DATABASE_URL is optional: without it the server runs on an embedded PGlite, and
// `prisma generate` needs no database at all (tech-stack P7).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
