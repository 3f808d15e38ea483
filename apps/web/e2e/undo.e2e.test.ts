/**
 * Undo and "confirm before ending my turn" on one Fistful table in real Chromium against the real
 * server (issue #15 items 3 and 5): a step is taken back with the button and with Ctrl+Z, the log
 * says so, a click right behind an undo sends nothing, the confirm option is remembered and asks
 * before a final step; the bot pace chosen in the lobby shows at the table.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { skipBrowserTests, useSite, version } from "./harness.ts";

const TAKE = '[data-option*="\\"type\\":\\"take\\""]:not([disabled])';

async function clickVersion(page: Page, selector: string): Promise<number> {
  const before = await version(page);
  await page.locator(selector).first().click({ timeout: 10_000 });
  await page.waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 });
  return version(page);
}

describe.skipIf(skipBrowserTests)("undo in the browser", () => {
  const site = useSite(300);

  it("takes back a step with the button and Ctrl+Z, and asks before a final step when asked to", async () => {
    const page = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${site.base}/#/`);
    await page.fill('input[name="player-name"]', "Undo Ann");
    await page.locator('select[name="game"]').selectOption("fistful");
    await page.locator('input[name="seats"][value="2"]').check({ force: true });
    await page.locator('input[name="bot-1"]').check();
    await page.locator('select[name="bot-pace"]').selectOption("instant");
    await page.getByRole("button", { name: /create table/i }).click();
    await page.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    await page.locator(".seat.me").waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId("bot-pace").inputValue(), { timeout: 15_000 }).toBe("instant");

    // Through the setup's sign placement to the first choice of where to take meeples from.
    for (let i = 0; i < 10 && !(await page.locator(TAKE).count()); i++) {
      await page.waitForSelector("[data-option]:not([disabled])", { timeout: 15_000 });
      if (await page.locator(TAKE).count()) break;
      await clickVersion(page, "[data-option]:not([disabled])");
    }
    const start = await version(page);
    const undoButton = page.getByTestId("undo");
    const undosBefore = await undoButton.count();

    // A step, then Undo: the table is back where it was, and the log says so.
    expect(await clickVersion(page, TAKE)).toBe(start + 1);
    await undoButton.waitFor({ timeout: 10_000 });
    await undoButton.click();
    await expect.poll(() => version(page), { timeout: 10_000 }).toBe(start);
    await expect.poll(() => page.locator(".log").textContent(), { timeout: 10_000 }).toContain("Undo Ann took back a move");
    expect(await undoButton.count()).toBe(undosBefore);
    await page.locator(TAKE).first().waitFor();

    // The same with the keyboard.
    expect(await clickVersion(page, TAKE)).toBe(start + 1);
    await undoButton.waitFor({ timeout: 10_000 });
    await page.locator("body").press("Control+z");
    await expect.poll(() => version(page), { timeout: 10_000 }).toBe(start);

    // Undo and a click right behind it, before the undo's patch: the click sends nothing. (Before,
    // it went out as an answer; the undo's patch, which changes `acted`, passed for its landing, and
    // the server refused it or applied it to the game after the take-back.)
    await page.locator(TAKE).first().waitFor({ timeout: 10_000 });
    expect(await clickVersion(page, TAKE)).toBe(start + 1);
    await undoButton.waitFor({ timeout: 10_000 });
    await page.evaluate(() => {
      (document.querySelector('[data-testid="undo"]') as HTMLButtonElement).click();
      document.querySelector("[data-option]")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    await expect.poll(() => version(page), { timeout: 10_000 }).toBe(start);
    await page.waitForTimeout(500);
    expect(await version(page)).toBe(start);
    expect(await page.locator(".notice").allTextContents()).toEqual([]);

    // Confirm before ending the turn: remembered, and a final step waits for a yes.
    await page.getByLabel("Confirm before ending my turn").check();
    expect(await page.evaluate(() => localStorage.getItem("saloon.confirmTurnEnd"))).toBe("on");
    let asked = false;
    for (let i = 0; i < 40 && !asked; i++) {
      await page.waitForSelector("[data-option]:not([disabled])", { timeout: 15_000 });
      const before = await version(page);
      await page.locator("[data-option]:not([disabled])").first().click();
      const outcome = await Promise.race([
        page.getByTestId("turn-confirm").waitFor({ timeout: 10_000 }).then(() => "asked"),
        page.waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 }).then(() => "moved"),
      ]);
      if (outcome !== "asked") continue;
      asked = true;
      // "Not yet" keeps the game as it is; "Yes" sends the step.
      await page.getByRole("button", { name: "Not yet" }).click();
      expect(await page.getByTestId("turn-confirm").count()).toBe(0);
      expect(await version(page)).toBe(before);
      await page.locator("[data-option]:not([disabled])").first().click();
      await page.getByRole("button", { name: "Yes, go ahead" }).click();
      await expect.poll(() => version(page), { timeout: 10_000 }).toBeGreaterThan(before);
    }
    expect(asked).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
