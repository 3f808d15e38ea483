/**
 * A whole game of A Fistful of Meeples in real Chromium against the real server.
 * Player A creates a 2-seat table with a bot in seat 1 and plays every one of its decisions by
 * clicking a highlighted `[data-option]`; spectator B finds the table in the lobby, watches it
 * live with nothing clickable, and ends up with the same final scores.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) {
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

/** Tiny seeded generator so a failing run can be repeated click for click. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const version = (page: Page) => page.locator(".table-page").getAttribute("data-version").then(Number);

async function finalTotals(page: Page): Promise<Record<string, string>> {
  const rows = page.locator('[data-testid="final-scores"] tbody tr');
  const totals: Record<string, string> = {};
  for (const row of await rows.all()) {
    totals[(await row.getAttribute("data-seat")) ?? "?"] = (await row.locator("[data-total]").textContent())?.trim() ?? "";
  }
  return totals;
}

describe.skipIf(!haveChromium && !process.env.CI)("Fistful in the browser", () => {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let base = "";
  let serverOutput = "";

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    if (!existsSync(webDist)) throw new Error("apps/web/dist is missing: run `pnpm --filter @saloon/web build` first");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BOT_DELAY_MS: "20", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
    await waitForHealth(base, server, () => serverOutput);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  });

  it("A plays a whole game against a bot by clicking the board while B watches", async () => {
    const started = Date.now();
    const pageErrors: string[] = [];
    const a = await (await browser!.newContext({ viewport: { width: 1400, height: 1200 } })).newPage();
    const b = await (await browser!.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    for (const [label, page] of [["A", a], ["B", b]] as const) {
      page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));
    }

    // B opens the lobby first, so the new table must arrive live.
    await b.goto(`${base}/#/`);
    await expect.poll(() => b.locator(".live").textContent(), { timeout: 10_000 }).toContain("live");

    // A names itself and creates a 2-seat Fistful table with seat 1 a bot.
    await a.goto(`${base}/#/`);
    await a.fill('input[name="player-name"]', "Annie Oakley");
    await a.locator('select[name="game"]').selectOption("fistful");
    await a.locator('input[name="seats"][value="2"]').check({ force: true });
    await a.locator('input[name="bot-1"]').check();
    await a.getByRole("button", { name: /create table/i }).click();
    await a.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    const roomId = a.url().split("#/table/")[1]!;
    await expect.poll(() => a.locator(".seat.me").count()).toBe(1);
    expect(await a.evaluate(() => localStorage.getItem("saloon.name"))).toBe("Annie Oakley");
    expect(await a.evaluate(() => localStorage.getItem("saloon.token"))).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    // B sees the table listed with both players and watches it.
    const card = b.locator(`[data-room="${roomId}"]`);
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.textContent()).toContain("Annie Oakley");
    expect(await card.textContent()).toContain("2 of 2 seats taken");
    await card.getByRole("link", { name: "Watch" }).click();
    await b.waitForURL(new RegExp(`#/table/${roomId}/watch$`));
    await b.getByTestId("spectator-banner").waitFor();
    expect(await b.getByTestId("spectator-banner").textContent()).toContain("You are watching");
    await b.locator("svg[aria-label]").waitFor();
    const bStartVersion = await version(b);

    // A plays every decision by clicking any highlighted option, until the final scores show.
    const random = mulberry32(20261122);
    const kinds = new Set<string>();
    let clicks = 0;
    let reloaded = false;
    let spectatorChecks = 0;
    const notices: string[] = [];
    while (!(await a.getByTestId("final-scores").isVisible())) {
      await a.waitForFunction(
        () => document.querySelector('[data-testid="final-scores"]') || document.querySelector("[data-option]:not([disabled])"),
        undefined,
        { timeout: 30_000 },
      );
      if (await a.getByTestId("final-scores").isVisible()) break;
      const options = await a.locator("[data-option]:not([disabled])").all();
      if (options.length === 0) continue;
      const pick = options[Math.floor(random() * options.length)]!;
      const option = JSON.parse((await pick.getAttribute("data-option")) ?? "{}") as { type: string };
      kinds.add(option.type);
      const before = await version(a);
      await pick.click({ timeout: 10_000 });
      clicks++;
      await a
        .waitForFunction(
          (v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v,
          before,
          { timeout: 10_000 },
        )
        .catch(async () => notices.push(`no answer to ${JSON.stringify(option)}: ${await a.locator(".notice").allTextContents()}`));
      for (const text of await a.locator(".notice").allTextContents()) if (!notices.includes(text)) notices.push(text);

      if (clicks % 15 === 0) {
        // The spectator follows along and never gets anything to click.
        expect(await b.locator("[data-option]").count()).toBe(0);
        spectatorChecks++;
      }
      if (clicks === 20 && !reloaded) {
        // A reload reclaims the seat with the same guest token.
        reloaded = true;
        await a.reload();
        await a.locator(".seat.me").waitFor({ timeout: 15_000 });
        expect(await a.locator(".seat.me").getAttribute("data-seat")).toBe("0");
      }
      if (clicks > 1500) throw new Error("the game did not end after 1500 clicks");
    }

    expect(notices, "the server refused a highlighted option").toEqual([]);
    expect(reloaded).toBe(true);
    expect(spectatorChecks).toBeGreaterThan(0);
    expect([...kinds]).toEqual(expect.arrayContaining(["take", "direction", "resolve"]));

    // A sees the final score table with its breakdown and a winner.
    const scores = a.getByTestId("final-scores");
    expect(await scores.locator("thead").textContent()).toMatch(/Gold.*Gold bars.*Signs.*Total/s);
    expect(await scores.locator("tbody tr").count()).toBe(2);
    expect(await scores.locator(".winners").textContent()).toMatch(/wins|Shared win/);
    const totalsA = await finalTotals(a);

    // B saw the game move on, still has nothing to click, and shows the same final scores.
    await b.getByTestId("final-scores").waitFor({ timeout: 15_000 });
    expect(await version(b)).toBeGreaterThan(bStartVersion);
    expect(await b.locator("[data-option]").count()).toBe(0);
    expect(await finalTotals(b)).toEqual(totalsA);
    expect(await b.getByTestId("spectator-banner").isVisible()).toBe(true);
    expect(await b.locator('[data-log-type="gameEnded"]').count()).toBe(1);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] ${clicks} clicks by A, ${kinds.size} kinds of option, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
