/**
 * The server's settings from its environment (main.ts `intFromEnv`): a value that is not a whole
 * number of at least its minimum stops the start with one fatal line naming it (exit 1), instead
 * of a server running with a setting nobody asked for. Runs the compiled server, as `pnpm start`.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { compiledServer, freePort } from "./process-harness.ts";

async function startWith(env: Record<string, string>): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  const main = await compiledServer();
  const port = await freePort();
  const child = spawn(process.execPath, [main], { env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", PORT: String(port), HOST: "127.0.0.1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  clearTimeout(timer);
  const lines = out
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code, lines };
}

describe("the server's environment", () => {
  it.each([
    ["REBUILD_SLICE_MS", "fast"],
    ["REBUILD_SLICE_MS", "-5"],
    ["BOT_DELAY_MS", "1.5"],
  ])("refuses %s=%s with one fatal line and exit 1", async (name, value) => {
    const { code, lines } = await startWith({ [name]: value });
    expect(code).toBe(1);
    const fatal = lines.filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatchObject({ name, value, msg: "environment variable must be an integer of at least min" });
    expect(lines.some((line) => line.msg === "Saloon server listening")).toBe(false);
  }, 90_000);
});
