/**
 * A whole game of El Gaucho in real Chromium against the real server.
 * Player A creates a 3-seat El Gaucho table with bots in seats 1 and 2 from the lobby and plays
 * every decision by clicking the board: a highlighted `[data-option]` is the move itself, a
 * highlighted `[data-place]` (a field or area with several choices) opens its choices. Spectator B
 * watches live with nothing clickable and never sees the steppe's tiles, and ends with the same
 * final scores. SHOTS=<dir> also saves screenshots along the way.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { finalTotals, mulberry32, skipBrowserTests, useSite, version } from "./harness.ts";

describe.skipIf(skipBrowserTests)("El Gaucho in the browser", () => {
  const site = useSite(10);
  const pageErrors: string[] = [];
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };


  it("A plays a whole game against two bots by clicking the board while B watches", async () => {
    const started = Date.now();
    const a = await (await site.browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    const b = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    for (const [label, page] of [["A", a], ["B", b]] as const) {
      page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));
    }

    // A creates a 3-seat El Gaucho table from the lobby, seats 1 and 2 bots.
    await a.goto(`${site.base}/#/`);
    await a.fill('input[name="player-name"]', "Martín Fierro");
    await a.locator('select[name="game"]').selectOption("el-gaucho");
    await a.locator('input[name="seats"][value="3"]').check({ force: true });
    await a.locator('input[name="bot-1"]').check();
    await a.locator('input[name="bot-2"]').check();
    await a.getByRole("button", { name: /create table/i }).click();
    await a.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    const roomId = a.url().split("#/table/")[1]!;
    // The table page and the game's board arrive as chunks of their own: allow for a busy machine.
    await expect.poll(() => a.locator(".seat.me").count(), { timeout: 15_000 }).toBe(1);
    expect(await a.locator("h1").textContent()).toContain("El Gaucho");

    // B watches the same table.
    await b.goto(`${site.base}/#/table/${roomId}/watch`);
    await b.getByTestId("spectator-banner").waitFor({ timeout: 15_000 });
    await b.locator('svg[aria-label="El Gaucho board"]').waitFor({ timeout: 15_000 });
    const bStartVersion = await version(b);

    const random = mulberry32(20261122);
    const kinds = new Set<string>();
    const shotsTaken = new Set<string>();
    let clicks = 0;
    let spectatorChecks = 0;
    const notices: string[] = [];
    const clickable = "[data-option]:not([disabled]), [data-place]";
    while (!(await a.getByTestId("final-scores").isVisible())) {
      await a.waitForFunction(
        (sel) => document.querySelector('[data-testid="final-scores"]') || document.querySelector(sel),
        clickable,
        { timeout: 30_000 },
      );
      if (await a.getByTestId("final-scores").isVisible()) break;
      const targets = await a.locator(clickable).all();
      if (targets.length === 0) continue;
      const pick = targets[Math.floor(random() * targets.length)]!;
      const raw = await pick.getAttribute("data-option");
      if (raw === null) {
        // A place with several choices: it opens them, nothing is sent yet.
        await pick.click({ timeout: 10_000 });
        await a
          .locator(".choice-strip [data-option]")
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(async (error: unknown) => {
            await a.screenshot({ path: "/tmp/el-gaucho-e2e-failure.png", fullPage: true });
            throw new Error(`clicking ${await pick.getAttribute("data-place")} opened no choices (screenshot /tmp/el-gaucho-e2e-failure.png): ${String(error)}`);
          });
        if (!shotsTaken.has("choice")) {
          shotsTaken.add("choice");
          await shot(a, "el-gaucho-choice");
        }
        continue;
      }
      const option = JSON.parse(raw) as { type: string };
      if (!shotsTaken.has(option.type) && ["keep", "prePlace", "pick", "steppeChoose", "steppePlace", "homeLay"].includes(option.type)) {
        shotsTaken.add(option.type);
        await shot(a, `el-gaucho-${option.type}`);
      }
      kinds.add(option.type);
      const before = await version(a);
      await pick.click({ timeout: 10_000 });
      clicks++;
      await a
        .waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 })
        .catch(async () => notices.push(`no answer to ${JSON.stringify(option)}: ${await a.locator(".notice").allTextContents()}`));
      for (const text of await a.locator(".notice").allTextContents()) if (!notices.includes(text)) notices.push(text);

      if (clicks % 10 === 0) {
        // The spectator follows along, never gets anything to click, never sees the steppe's tiles.
        expect(await b.locator("[data-option], [data-place]").count()).toBe(0);
        expect(await b.getByText("Only you see these").count()).toBe(0);
        spectatorChecks++;
      }
      if (clicks === 40) await shot(a, "el-gaucho-mid");
      if (clicks > 1500) throw new Error("the game did not end after 1500 clicks");
    }

    expect(notices, "the server refused a highlighted option").toEqual([]);
    expect(spectatorChecks).toBeGreaterThan(0);
    expect([...kinds]).toEqual(expect.arrayContaining(["keep", "prePlace", "pick", "endTurn"]));

    const scores = a.getByTestId("final-scores");
    expect(await scores.locator("thead").textContent()).toMatch(/Sales.*Total/s);
    expect(await scores.locator("tbody tr").count()).toBe(3);
    expect(await scores.locator(".winners").textContent()).toMatch(/wins|Shared win/);
    await shot(a, "el-gaucho-final");
    const totalsA = await finalTotals(a);

    await b.getByTestId("final-scores").waitFor({ timeout: 15_000 });
    expect(await version(b)).toBeGreaterThan(bStartVersion);
    expect(await b.locator("[data-option], [data-place]").count()).toBe(0);
    expect(await finalTotals(b)).toEqual(totalsA);
    await shot(b, "el-gaucho-spectator");

    // A phone-sized spectator gets the same table, scaled.
    if (shots) {
      const phone = await (await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })).newPage();
      await phone.goto(`${site.base}/#/table/${roomId}/watch`);
      await phone.locator('svg[aria-label="El Gaucho board"]').waitFor({ timeout: 15_000 });
      await shot(phone, "el-gaucho-phone");
    }

    // The finished match replays from the history: rebuilt in the browser, the same board
    // renderer read-only, and at its last move the scores the table showed.
    await a.goto(`${site.base}/#/match/${roomId}`);
    await a.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    await a.locator('svg[aria-label="El Gaucho board"]').waitFor();
    expect(await a.getByTestId("replay-check").isVisible()).toBe(true);
    expect(await a.getByTestId("replay-warning").count()).toBe(0);
    await a.locator("body").press("End");
    await a.getByTestId("replay-scores").waitFor();
    expect(await a.locator("[data-option], [data-place]").count()).toBe(0);
    expect(await finalTotals(a)).toEqual(totalsA);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] El Gaucho: ${clicks} clicks by A, ${kinds.size} kinds of option, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
