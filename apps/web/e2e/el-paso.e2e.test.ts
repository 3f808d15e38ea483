/**
 * Great Western Trail: El Paso in real Chromium against the real server.
 * 1. Player A creates a 3-seat table with bots in seats 1 and 2 from the lobby and plays every
 *    decision by clicking: a highlighted `[data-option]` is the move itself, a `[data-place]`
 *    (a tile with several actions, a building type, a trading post) opens its choices. Spectator B
 *    watches live with nothing to click and no hand in sight, and ends with the same scores. The
 *    finished match is found in the history and its replay stepped through, viewed as A.
 * 2. Two people in two browser contexts play a 2-seat table until both have ridden a lap and
 *    delivered in El Paso, each seeing their own hand only.
 * SHOTS=<dir> also saves screenshots along the way.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLICKABLE, clickAndWait, createTableFromLobby, finalTotals, mulberry32, skipBrowserTests, useSite, version } from "./harness.ts";

const BOARD = '[data-testid="trail"]';

describe.skipIf(skipBrowserTests)("El Paso in the browser", () => {
  const site = useSite(0);
  const pageErrors: string[] = [];
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const shot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };
  const watchErrors = (label: string, page: Page) => page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));


  it("A plays a whole 3-seat game against two bots by clicking while B watches, then replays it from the history", async () => {
    const started = Date.now();
    const a = await (await site.browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    const b = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    watchErrors("A", a);
    watchErrors("B", b);

    // The lobby offers El Paso with its own table options.
    await a.goto(`${site.base}/#/`);
    await a.locator('select[name="game"]').selectOption("el-paso");
    // The form arrives with El Paso's own chunk, loaded when the game is picked.
    await a.locator('select[name="ep-buildings"]').waitFor({ timeout: 10_000 });
    expect(await a.locator('select[name="ep-buildings"]').count()).toBe(1);
    expect(await a.locator('input[name="ep-live-scores"]').isChecked()).toBe(true);
    const roomId = await createTableFromLobby(a, site.base, { name: "Calamity Jane", game: "el-paso", seats: 3, bots: [1, 2] });
    expect(await a.locator("h1").textContent()).toContain("El Paso");

    await b.goto(`${site.base}/#/table/${roomId}/watch`);
    await b.getByTestId("spectator-banner").waitFor({ timeout: 15_000 });
    await b.locator(BOARD).waitFor({ timeout: 15_000 });
    const bStartVersion = await version(b);

    const random = mulberry32(20261123);
    const kinds = new Set<string>();
    const notices: string[] = [];
    let clicks = 0;
    let spectatorChecks = 0;
    let deliveriesChecked = 0;
    while (!(await a.getByTestId("final-scores").isVisible())) {
      await a.waitForFunction((sel) => document.querySelector('[data-testid="final-scores"]') || document.querySelector(sel), CLICKABLE, { timeout: 30_000 });
      if (await a.getByTestId("final-scores").isVisible()) break;

      // The delivery step explains the breeding value the rules announce in the banner.
      if (await a.getByTestId("delivery").isVisible()) {
        const banner = (await a.getByTestId("turn-banner").textContent()) ?? "";
        const announced = /breeding value is (\d+)/.exec(banner)?.[1];
        if (announced) {
          expect(await a.getByTestId("breeding-value").textContent()).toBe(announced);
          deliveriesChecked++;
          if (deliveriesChecked === 1) await shot(a, "el-paso-delivery");
        }
      }
      const targets = await a.locator(CLICKABLE).all();
      if (targets.length === 0) continue;
      const pick = targets[Math.floor(random() * targets.length)]!;
      const raw = await pick.getAttribute("data-option");
      if (raw) {
        const type = (JSON.parse(raw) as { type: string }).type;
        if (!kinds.has(type)) {
          kinds.add(type);
          if (["pickObjective", "move", "act", "build", "buy", "train", "hire"].includes(type)) await shot(a, `el-paso-${type}`);
        }
        clicks++;
      }
      const failure = await clickAndWait(a, pick);
      if (failure) notices.push(failure);
      for (const text of await a.locator(".notice").allTextContents()) if (!notices.includes(text)) notices.push(text);

      if (clicks % 12 === 0 && raw) {
        // The spectator follows along, has nothing to click, never sees a hand, and sees the end coming.
        expect(await b.locator("[data-option], [data-place]").count()).toBe(0);
        expect(await b.getByTestId("hand").count()).toBe(0);
        expect(await b.getByTestId("simmentals").textContent()).toMatch(/Simmentals\s*\d+\/14/);
        spectatorChecks++;
      }
      if (clicks === 30 && raw && shots) {
        // A phone-sized look at the same moment: the spectator's board and A's own area.
        const phone = await (await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })).newPage();
        await phone.goto(`${site.base}/#/table/${roomId}/watch`);
        await phone.locator(BOARD).waitFor({ timeout: 15_000 });
        await shot(phone, "el-paso-phone-watch");
        await phone.close();
      }
      if (clicks > 1500) throw new Error("the game did not end after 1500 clicks");
    }

    expect(notices, "the server refused a highlighted option").toEqual([]);
    expect(spectatorChecks).toBeGreaterThan(0);
    expect(deliveriesChecked).toBeGreaterThan(0);
    expect([...kinds]).toEqual(expect.arrayContaining(["pickObjective", "move", "deliver", "done"]));

    // The final score table has the scoring pad's seven categories.
    const scores = a.getByTestId("final-scores");
    expect(await scores.locator("thead").textContent()).toMatch(/Money.*Buildings.*Trading posts.*Workers.*Cattle.*Bonus tiles.*Objectives.*Total/s);
    expect(await scores.locator("tbody tr").count()).toBe(3);
    await shot(a, "el-paso-final");
    const totals = await finalTotals(a);

    await b.getByTestId("final-scores").waitFor({ timeout: 15_000 });
    expect(await version(b)).toBeGreaterThan(bStartVersion);
    expect(await b.locator("[data-option], [data-place]").count()).toBe(0);
    expect(await finalTotals(b)).toEqual(totals);
    if (shots) {
      await b.setViewportSize({ width: 390, height: 844 });
      await shot(b, "el-paso-phone-final");
    }

    // The history lists it under El Paso; its replay is rebuilt in the browser and agrees.
    await a.goto(`${site.base}/#/history`);
    await a.selectOption('select[name="game"]', "el-paso");
    await expect.poll(() => a.url()).toContain("#/history?game=el-paso");
    const row = a.locator(`[data-match="${roomId}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain("Great Western Trail: El Paso");
    await row.click();
    await a.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    await a.locator(BOARD).waitFor();
    expect(await a.getByTestId("replay-check").isVisible()).toBe(true);
    expect(await a.getByTestId("replay-warning").count()).toBe(0);
    // Step through the start, as a spectator (no hand) and then as A (A's hand).
    await a.locator("body").press("Home");
    await a.locator('.match-page[data-move="0"]').waitFor({ timeout: 5000 });
    for (let n = 1; n <= 6; n++) {
      await a.locator("body").press("ArrowRight");
      await a.locator(`.match-page[data-move="${n}"]`).waitFor({ timeout: 5000 });
    }
    expect(await a.getByTestId("hand").count()).toBe(0);
    await a.selectOption('select[name="view-as"]', "0");
    await a.getByTestId("hand").waitFor({ timeout: 5000 });
    expect(await a.locator("[data-option], [data-place]").count()).toBe(0);
    await a.locator("body").press("End");
    await a.getByTestId("replay-scores").waitFor();
    expect(await finalTotals(a)).toEqual(totals);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] El Paso: ${clicks} options clicked by A, ${kinds.size} kinds, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it("two people in two browsers ride a full lap and deliver twice each, each seeing only their own hand", async () => {
    const started = Date.now();
    const a = await (await site.browser.newContext({ viewport: { width: 1300, height: 1000 } })).newPage();
    const b = await (await site.browser.newContext({ viewport: { width: 1300, height: 1000 } })).newPage();
    watchErrors("A", a);
    watchErrors("B", b);
    const roomId = await createTableFromLobby(a, site.base, { name: "Wild Bill", game: "el-paso", seats: 2, bots: [] });
    // B follows the table's link and gives a name at the door.
    await b.goto(`${site.base}/#/table/${roomId}`);
    await b.fill('input[name="player-name"]', "Doc Holliday");
    await b.getByRole("button", { name: "Sit down" }).click();
    await b.locator(".seat.me").waitFor({ timeout: 15_000 });
    expect(await b.locator(".seat.me").getAttribute("data-seat")).toBe("1");
    await a.locator('.table-page[data-status="playing"]').waitFor({ timeout: 15_000 });

    // Each clicks for their own seat; moves head for El Paso as fast as the steps allow.
    const random = mulberry32(7);
    const notices: string[] = [];
    const delivered = () => a.locator('[data-log-type="delivered"], [data-log-type="noDisc"]').count();
    let clicks = 0;
    // Two deliveries each: the second comes after a whole lap from El Paso back to El Paso.
    while ((await delivered()) < 4) {
      let acted = false;
      for (const page of [a, b]) {
        const targets = await page.locator(CLICKABLE).all();
        if (targets.length === 0) continue;
        const options = await Promise.all(targets.map(async (t) => ({ t, o: JSON.parse((await t.getAttribute("data-option")) ?? "null") as { type: string; to?: string } | null })));
        const toElPaso = options.find((x) => x.o?.type === "move" && x.o.to === "T00");
        const moves = options.filter((x) => x.o?.type === "move");
        const done = options.find((x) => x.o?.type === "done");
        const pick = toElPaso ?? moves.at(-1) ?? (done && random() < 0.7 ? done : options[Math.floor(random() * options.length)]!);
        const failure = await clickAndWait(page, pick.t);
        if (failure) notices.push(failure);
        acted = true;
        clicks++;
        // Only the seat's own hand is ever on its page.
        expect(await page.getByTestId("hand").count()).toBe(1);
      }
      if (!acted) await a.waitForTimeout(50);
      if (clicks > 400) throw new Error("not two deliveries each after 400 clicks");
    }
    await shot(a, "el-paso-two-people");
    expect(notices, "the server refused a highlighted option").toEqual([]);
    // Both delivered twice; each saw every revealed hand in the log.
    for (const page of [a, b]) {
      await expect.poll(() => page.locator('[data-log-type="revealedHand"]').count()).toBeGreaterThanOrEqual(4);
      for (const name of ["Wild Bill", "Doc Holliday"]) {
        expect(await page.locator('[data-log-type="revealedHand"]', { hasText: name }).count()).toBeGreaterThanOrEqual(2);
      }
    }
    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] El Paso, two people: ${clicks} clicks to four deliveries, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
