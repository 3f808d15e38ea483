/**
 * El Paso solo against Sue in real Chromium against the real server: a person picks "Play El
 * Paso solo" in the lobby with one B-card, plays the whole game by clicking the board (a seeded
 * picker chooses among the highlighted options, the clicks go through the board), watches Sue's
 * turns arrive step by step in the log, sees the result against Sue, and opens the replay from
 * the history, where Sue's seat and area are rebuilt in the browser.
 * SHOTS=<dir> also saves screenshots along the way.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICKABLE, clickAndWait, finalTotals, mulberry32, skipBrowserTests, useSite } from "./harness.ts";

const BOARD = '[data-testid="trail"]';

/** The numbers in Sue's area: bot deck and supply sizes. */
async function sueCounts(page: Page): Promise<{ deck: number; supply: number }> {
  return {
    deck: Number(await page.getByTestId("sue-deck").textContent()),
    supply: Number(await page.getByTestId("sue-supply").textContent()),
  };
}

describe.skipIf(skipBrowserTests)("El Paso solo in the browser", () => {
  // A short bot delay: Sue's steps still come one patch at a time, each after the pause.
  const site = useSite(60);
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };


  it("a person plays a whole solo game against Sue by clicking, follows her turns in the log, then replays it from the history", async () => {
    const started = Date.now();
    const page = await (await site.browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    // The lobby: El Paso solo, one B-card in Sue's deck. Sue takes seat 1 by herself.
    await page.goto(`${site.base}/#/`);
    await page.fill('input[name="player-name"]', "Annie Oakley");
    await page.locator('select[name="game"]').selectOption("el-paso");
    await page.locator('input[name="solo"]').check();
    await page.locator('select[name="difficulty"]').selectOption("1");
    await page.getByRole("button", { name: /create table/i }).click();
    await page.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    await page.locator(".seat.me").waitFor({ timeout: 15_000 });
    const roomId = page.url().split("#/table/")[1]!;
    expect(await page.locator('.seat[data-seat="1"] .seat-name').textContent()).toContain("Sue");

    // Her area: the strategy row of three worker types, 8 A-cards + 1 B-card, 18 supply cards.
    await page.getByTestId("sue-area").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("sue-difficulty").textContent()).toBe("1");
    const row = await page.locator('[data-testid="sue-strategy"] li').evaluateAll((items) => items.map((li) => li.getAttribute("data-worker")));
    expect([...row].sort()).toEqual(["BLD", "COW", "ENG"]);
    expect(await sueCounts(page)).toEqual({ deck: 9, supply: 18 });

    const random = mulberry32(20261122);
    const notices: string[] = [];
    let clicks = 0;
    let sueTurnsSeen = 0;
    let lastDeck = 9;
    while (!(await page.getByTestId("final-scores").isVisible())) {
      await page.waitForFunction((sel) => document.querySelector('[data-testid="final-scores"]') || document.querySelector(sel), CLICKABLE, { timeout: 30_000 });
      if (await page.getByTestId("final-scores").isVisible()) break;
      const targets = await page.locator(CLICKABLE).all();
      if (targets.length === 0) continue;
      const options = await Promise.all(targets.map(async (t) => ({ t, o: JSON.parse((await t.getAttribute("data-option")) ?? "null") as { type: string; to?: string } | null })));
      // Head for El Paso when the move allows it (a shorter game); otherwise a random highlighted choice.
      const pick = options.find((x) => x.o?.type === "move" && x.o.to === "T00") ?? options[Math.floor(random() * options.length)]!;
      if (pick.o) clicks++;
      const failure = await clickAndWait(page, pick.t);
      if (failure) notices.push(failure);
      // Sue never gets a prompt on this page: her seat is played by the game.
      expect(await page.locator('[data-option*="sueStep"]').count()).toBe(0);
      const { deck } = await sueCounts(page);
      if (deck !== lastDeck) {
        sueTurnsSeen++;
        lastDeck = deck;
        if (sueTurnsSeen === 6) await shot(page, "el-paso-solo-play");
      }
      if (clicks > 1500) throw new Error("the solo game did not end after 1500 clicks");
    }
    expect(notices, "the server refused a highlighted option").toEqual([]);
    expect(sueTurnsSeen).toBeGreaterThan(5);

    // Her turns in the log, one line per step, in plain sentences.
    const log = page.locator("[data-log-type]");
    const drew = await page.locator('[data-log-type="sueDrew"]').allTextContents();
    expect(drew.length).toBeGreaterThan(8);
    for (const line of drew) expect(line).toMatch(/Sue draws bot card [AB]\d: .+\(\d+ cards? left in her deck\)\./);
    expect(await page.locator('[data-log-type="sueMoved"]').first().textContent()).toMatch(/Sue moves \d+ steps? .*to /);
    expect(await page.locator('[data-log-type="sueDelivered"]').count()).toBeGreaterThan(0);
    const everything = (await log.allTextContents()).join("\n");
    expect(everything).not.toMatch(/Something happened|undefined|NaN/);

    // The end: two score rows, and the result against Sue says who won and by how much.
    const totals = await finalTotals(page);
    expect(Object.keys(totals)).toEqual(["0", "1"]);
    const result = (await page.getByTestId("solo-result").textContent()) ?? "";
    const [me, sue] = [Number(totals["0"]), Number(totals["1"])];
    if (me > sue) expect(result).toContain(`You beat Sue by ${me - sue} point`);
    else if (me < sue) expect(result).toContain(`Sue wins by ${sue - me} point`);
    else expect(result).toMatch(/A tie on points/);
    expect(result).toContain(`You ${me} — Sue ${sue}`);
    await shot(page, "el-paso-solo-final");

    // The history lists it; its replay is rebuilt in the browser with Sue in her seat.
    await page.goto(`${site.base}/#/history`);
    await page.selectOption('select[name="game"]', "el-paso");
    const match = page.locator(`[data-match="${roomId}"]`);
    await match.waitFor({ timeout: 10_000 });
    await match.click();
    await page.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    await page.locator(BOARD).waitFor();
    expect(await page.getByTestId("replay-check").isVisible()).toBe(true);
    expect(await page.getByTestId("replay-warning").count()).toBe(0);
    await page.locator("body").press("Home");
    await page.locator('.match-page[data-move="0"]').waitFor({ timeout: 5000 });
    expect(await sueCounts(page)).toEqual({ deck: 9, supply: 18 });
    // Step to Sue's first drawn card: her deck shrinks by one, as it did at the table.
    for (let n = 1; n <= 40 && (await sueCounts(page)).deck === 9; n++) {
      await page.locator("body").press("ArrowRight");
      await page.locator(`.match-page[data-move="${n}"]`).waitFor({ timeout: 5000 });
    }
    expect((await sueCounts(page)).deck).toBe(8);
    expect(await page.getByTestId("sue-card").textContent()).toMatch(/Playing [AB]\d/);
    await page.locator("body").press("End");
    await page.getByTestId("replay-scores").waitFor();
    expect(await finalTotals(page)).toEqual(totals);
    expect(await page.getByTestId("solo-result").textContent()).toContain(`Sue ${sue}`);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] El Paso solo: ${clicks} options clicked, ${sueTurnsSeen} of Sue's turns seen, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
