/**
 * What every browser test needs: Debian's Chromium (never a downloaded browser), the real
 * server (compiled once per run by global-setup.ts) spawned on a free port serving the built
 * client with a fresh in-memory database, and a few page helpers. `useSite()` in a describe block starts the site before its tests and stops it after.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, type Locator, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";

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
  // Starting takes ~3 s on an idle machine and up to ~30 s on a busy shared one (PGlite).
  const deadline = Date.now() + 60_000;
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
  throw new Error(`the server did not answer /health within 60 s:\n${output()}`);
}

export interface Site {
  base: string;
  browser: Browser;
  /** Everything the server printed (warnings and up), for failure messages. */
  output(): string;
  /** Kills the server with SIGKILL and starts it again on the same port and database (needs `dataDir`). */
  crashAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the real server (bots wait `botDelayMs`) on a free port, and Chromium. By default a
 * fresh in-memory database each run (the history starts empty); `dataDir` keeps it in a folder.
 */
export async function startSite(botDelayMs: number, options: { dataDir?: string } = {}): Promise<Site> {
  if (!haveChromium) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  if (!existsSync(webDist)) throw new Error("apps/web/dist is missing: run `pnpm --filter @saloon/web build` first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const launch = () => {
    const child = spawn(process.execPath, [inject("serverMain")], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        BOT_DELAY_MS: String(botDelayMs),
        LOG_LEVEL: "warn",
        PGLITE_DIR: options.dataDir ?? "memory://",
        DATABASE_URL: "",
        REDIS_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return child;
  };
  let server = launch();
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
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
      async crashAndRestart() {
        if (!options.dataDir) throw new Error("crashAndRestart needs a dataDir: an in-memory database dies with the server");
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGKILL");
        await exited;
        server = launch();
        await waitForHealth(base, server, () => output);
      },
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

/**
 * The site of a describe block: started before its tests (`startSite` with these arguments) and
 * stopped after them. Its fields can be read once the tests run; an afterAll hook registered later
 * in the block runs before the site stops (Vitest runs after-hooks in reverse order).
 */
export function useSite(botDelayMs: number, options: { dataDir?: string } = {}): Site {
  let site: Site | undefined;
  beforeAll(async () => {
    site = await startSite(botDelayMs, options);
  });
  afterAll(async () => {
    await site?.stop();
  });
  // A failed test shows what the server logged (warnings and up): a write it kept retrying, a
  // table that stopped. A browser test that timed out once in CI said nothing more than its wait.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      const logged = site?.output().trim();
      if (logged) console.error(`the server's output during this file's tests:\n${logged.slice(-20_000)}`);
    });
  });
  const started = (): Site => {
    if (!site) throw new Error("the site is not started yet: read it inside a test or hook");
    return site;
  };
  return {
    get base() {
      return started().base;
    },
    get browser() {
      return started().browser;
    },
    output: () => started().output(),
    crashAndRestart: () => started().crashAndRestart(),
    stop: () => started().stop(),
  };
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

/** Creates a table from the lobby as `name` and waits until the page is seated at it; returns the table id. */
export async function createTableFromLobby(page: Page, base: string, table: { name: string; game: string; seats: number; bots: number[] }): Promise<string> {
  await page.goto(`${base}/#/`);
  await page.fill('input[name="player-name"]', table.name);
  await page.locator('select[name="game"]').selectOption(table.game);
  await page.locator(`input[name="seats"][value="${table.seats}"]`).check({ force: true });
  for (let seat = 1; seat < table.seats; seat++) await page.locator(`input[name="bot-${seat}"]`).setChecked(table.bots.includes(seat));
  await page.getByRole("button", { name: /create table/i }).click();
  await page.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
  await page.locator(".seat.me").waitFor({ state: "attached", timeout: 15_000 }); // on a phone the seats sit in the drawer
  return page.url().split("#/table/")[1]!;
}

/** What a seated page may click now: highlighted options and places that open a choice. */
export const CLICKABLE = "[data-option]:not([disabled]), [data-place]";

/**
 * Clicks one element and, when it sends an option, waits for the table to take it (its version
 * moves on); returns a sentence when the server never answered (to collect as a failure).
 */
export async function clickAndWait(page: Page, target: Locator): Promise<string | null> {
  const raw = await target.getAttribute("data-option");
  const before = await version(page);
  await target.click({ timeout: 10_000 });
  if (raw === null) return null;
  return page
    .waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 })
    .then(() => null)
    .catch(async () => `no answer to ${raw}: ${(await page.locator(".notice").allTextContents()).join(" ")}`);
}

/** What can be tapped on a page: board options and places, buttons, links styled as buttons, form fields, disclosure summaries. */
const TAP_TARGETS = "[data-option], [data-place], button, a.btn, select, input, summary";

/**
 * Where a phone player would miss (UI.md: tap targets of 40 px or more): every visible target
 * under 40 px either way, every board control without a tap area, and every board control whose
 * tap area covers another control of the same board (a grown tap area must not take a
 * neighbour's taps). Sentences, one per problem; empty when there are none. One check for every
 * page and every game.
 */
export function tapTargetProblems(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const name = (el: Element) => `${el.tagName.toLowerCase()} “${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}”`;
    const shown = [...document.querySelectorAll(selector)]
      .filter((el) => getComputedStyle(el).visibility === "visible" && !el.closest("[inert]"))
      // A checkbox or radio is tapped through its label: the label is its target.
      .map((el) => (el.matches("input[type=checkbox], input[type=radio]") && el.closest("label") ? el.closest("label")! : el))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    // A board control whose tap area was never sized can be seen but not tapped.
    const unsized = [...document.querySelectorAll("svg [data-option], svg [data-place]")]
      .filter((el) => !el.closest("[inert]") && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => el.getBoundingClientRect().width === 0 || el.getBoundingClientRect().height === 0)
      .map((el) => `${name(el)} has no tap area`);
    // Half a pixel for sub-pixel layout.
    const small = shown.filter(({ box }) => box.width < 39.5 || box.height < 39.5).map(({ el, box }) => `${name(el)} is ${Math.round(box.width)}×${Math.round(box.height)} px`);
    const board = shown.filter(({ el }) => el.closest("svg") && el.matches("[data-option], [data-place]"));
    const covering: string[] = [];
    for (const [i, a] of board.entries()) {
      for (const b of board.slice(i + 1)) {
        if (a.el.closest("svg") !== b.el.closest("svg")) continue;
        const wide = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const high = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (wide > 1 && high > 1) covering.push(`${name(a.el)} and ${name(b.el)} overlap by ${Math.round(wide)}×${Math.round(high)} px`);
      }
    }
    return [...unsized, ...small, ...covering];
  }, TAP_TARGETS);
}
