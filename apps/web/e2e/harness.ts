/**
 * What every browser test needs: Debian's Chromium (never a downloaded browser), the real
 * server spawned on a free port serving the built client with a fresh in-memory database, and a
 * few page helpers. `startSite()` in beforeAll, `site.stop()` in afterAll.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, type Page, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
const webDist = fileURLToPath(new URL("../dist/index.html", import.meta.url));
const serverDir = fileURLToPath(new URL("../../server", import.meta.url));

export const haveChromium = existsSync(CHROMIUM);
/** Browser tests run where Chromium is, and must run in CI (a missing browser fails there). */
export const skipBrowserTests = !haveChromium && !process.env.CI;
if (skipBrowserTests) {
  console.warn(`[web-e2e] skipped: no Chromium at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server did not answer /health within 30 s:\n${output()}`);
}

export interface Site {
  base: string;
  browser: Browser;
  /** Everything the server printed (warnings and up), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the real server (bots wait `botDelayMs`) on a free port, and Chromium. */
export async function startSite(botDelayMs: number): Promise<Site> {
  if (!haveChromium) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  if (!existsSync(webDist)) throw new Error("apps/web/dist is missing: run `pnpm --filter @saloon/web build` first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    // A fresh in-memory database each run: the history starts empty.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BOT_DELAY_MS: String(botDelayMs), LOG_LEVEL: "warn", PGLITE_DIR: "memory://", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stopServer = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  };
  try {
    await waitForHealth(base, server, () => output);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    return {
      base,
      browser,
      output: () => output,
      async stop() {
        await browser.close();
        await stopServer();
      },
    };
  } catch (error) {
    await stopServer();
    throw error;
  }
}

/** Tiny seeded generator so a failing run can be repeated click for click. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The table's accepted-action count, as the page shows it. */
export const version = (page: Page) => page.locator(".table-page").getAttribute("data-version").then(Number);

/** Seat → total in the final score table. */
export async function finalTotals(page: Page): Promise<Record<string, string>> {
  const rows = page.locator('[data-testid="final-scores"] tbody tr');
  const totals: Record<string, string> = {};
  for (const row of await rows.all()) {
    totals[(await row.getAttribute("data-seat")) ?? "?"] = (await row.locator("[data-total]").textContent())?.trim() ?? "";
  }
  return totals;
}
