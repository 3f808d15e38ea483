/**
 * Compiles the server once for the whole browser-test run (apps/server/scripts/build.mjs, as
 * `pnpm start` runs it) into a folder of the run's own, and hands its path to every test file
 * (`inject("serverMain")`, harness.ts). Each file used to start the server through tsx, which
 * transpiled and loaded the sources module by module: ~1.5 s of CPU a start alone and up to 6 s
 * on a busy CI machine, for every one of a dozen files. Compiling here, from the sources as they
 * are, means an edit is never tested against an old build.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The compiled server's entry (main.js) the browser tests start. */
    serverMain: string;
  }
}

const serverDir = fileURLToPath(new URL("../../server", import.meta.url));

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "saloon-e2e-server-"));
  await promisify(execFile)(process.execPath, ["scripts/build.mjs", "--outdir", dir], { cwd: serverDir });
  project.provide("serverMain", join(dir, "main.js"));
  return () => rmSync(dir, { recursive: true, force: true });
}
