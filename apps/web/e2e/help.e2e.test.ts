/**
 * Rules at hand, in real Chromium against the real server: a phone player (touch) opens "How to
 * play" on a Fistful table and reads the rules, the player aid and every ruling; a long press on
 * a board component explains it without playing the move, and a plain tap then plays it. A German
 * reader watching the same table gets the help in German; the lobby's game choice opens it too.
 */
import { RULINGS } from "@saloon/fistful";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createTableFromLobby, skipBrowserTests, useSite, version } from "./harness.ts";

/** Holds a finger on the middle of `selector` for `ms` (Chromium's touch input, as a phone sends it). */
async function longPress(page: Page, selector: string, ms: number): Promise<void> {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

const popover = (page: Page) => page.locator(".explain-popover");

describe.skipIf(skipBrowserTests)("How to play and explanations in the browser", () => {
  const site = useSite(20);
  let roomId = "";
  const pageErrors: string[] = [];


  it("a phone player reads How to play at the table, and a long press explains without playing", async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: "en-US" });
    const phone = await context.newPage();
    phone.on("pageerror", (error) => pageErrors.push(`phone: ${error.message}`));

    // The lobby's game choice offers the rules before any table exists.
    await phone.goto(`${site.base}/#/`);
    await phone.locator('select[name="game"]').selectOption("el-gaucho");
    await phone.locator('[data-help="el-gaucho"]').click();
    const lobbyDialog = phone.getByTestId("help-dialog");
    await lobbyDialog.waitFor({ timeout: 15_000 });
    expect(await lobbyDialog.getByRole("heading", { level: 2 }).textContent()).toBe("How to play El Gaucho");
    await lobbyDialog.getByRole("button", { name: "Close" }).click();
    await lobbyDialog.waitFor({ state: "detached" });

    roomId = await createTableFromLobby(phone, site.base, { name: "Annie Oakley", game: "fistful", seats: 2, bots: [1] });
    // The bot places its first sign, then the phone player is asked for theirs: corner buildings light up.
    await phone.locator("[data-option]").first().waitFor({ timeout: 15_000 });

    await phone.locator('.topbar [data-help="fistful"]').click();
    const dialog = phone.getByTestId("help-dialog");
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("How to play A Fistful of Meeples");
    const rules = (await dialog.locator("#help-panel").textContent()) ?? "";
    for (const heading of ["What it is about", "Your turn", "How the game ends", "Scoring"]) expect(rules).toContain(heading);
    expect(rules).toContain("Every gold cube is worth 1 point, every gold bar 10");

    await dialog.getByRole("tab", { name: "Player aid" }).click();
    const costs = (await dialog.locator('[data-aid="costs"]').textContent()) ?? "";
    expect(costs).toContain("T1, T6, B1, B6");
    expect(costs).toContain("2 gold + 1 stone");
    expect(await dialog.locator('[data-aid="meeples"] tbody tr').count()).toBe(5);

    await dialog.getByRole("tab", { name: "Our rulings" }).click();
    expect(await dialog.locator("[data-ruling]").count()).toBe(Object.keys(RULINGS).length);
    expect(await dialog.locator('[data-ruling="oneBarPerTurn"]').textContent()).toContain("at most one gold bar per turn");
    // The aid fits the phone: the dialog is no wider than the screen.
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // A long press on an option explains it; the move is not played.
    const option = phone.locator("[data-option]").first();
    const label = (await option.getAttribute("aria-label")) ?? "";
    const before = await version(phone);
    await longPress(phone, "[data-option]", 800);
    await popover(phone).waitFor({ state: "visible", timeout: 5_000 });
    const explained = (await popover(phone).textContent()) ?? "";
    expect(explained).toContain(label);
    // The building's own explanation follows the option's: its sign cost.
    expect(explained).toMatch(/costs 3 stone/);
    await phone.waitForTimeout(1_000);
    expect(await version(phone)).toBe(before);
    expect(await phone.locator("[data-option]").count()).toBeGreaterThan(0);

    // A plain tap elsewhere closes it; a plain tap on the option plays it.
    await phone.locator(".topbar h1").tap();
    await popover(phone).waitFor({ state: "hidden" });
    await option.tap();
    await phone.waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  });

  it("a German reader watching the table gets How to play in German", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "de-DE" });
    const reader = await context.newPage();
    reader.on("pageerror", (error) => pageErrors.push(`reader: ${error.message}`));
    await reader.goto(`${site.base}/#/table/${roomId}/watch`);
    await reader.locator('.topbar [data-help="fistful"]').click();
    const dialog = reader.getByTestId("help-dialog");
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("So spielst du A Fistful of Meeples");
    const rules = (await dialog.locator("#help-panel").textContent()) ?? "";
    expect(rules).toContain("Dein Zug");
    expect(rules).toContain("Jeder Goldwürfel zählt 1 Punkt, jeder Goldbarren 10");
    await dialog.getByRole("tab", { name: "Übersicht" }).click();
    expect(await dialog.locator('[data-aid="facts"]').textContent()).toContain("Goldbarren kosten 6, 6, 7, 7, 8 und 8 Gold");
    await dialog.getByRole("tab", { name: "Unsere Regelentscheidungen" }).click();
    expect(await dialog.locator('[data-ruling="oneBarPerTurn"]').textContent()).toContain("höchstens einen Goldbarren pro Zug");
    // Escape closes the dialog, as every modal dialog does.
    await reader.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // With a mouse, pointing at a board component explains it, and the browser's own tooltip is
    // held back meanwhile (its text is back once the pointer leaves).
    const graveyard = reader.locator(".fistful svg .graveyard");
    const nativeTitle = () => graveyard.evaluate((g) => g.querySelector(":scope > title")?.textContent ?? "");
    const titleBefore = await nativeTitle();
    expect(titleBefore).not.toBe("");
    await graveyard.hover();
    await popover(reader).waitFor({ state: "visible", timeout: 5_000 });
    // The board's own, longer text for the graveyard (Fistful's data-tip), which opens as the tooltip does.
    expect(await popover(reader).textContent()).toContain(titleBefore.split(".")[0]);
    expect(await nativeTitle()).toBe("");
    await reader.mouse.move(5, 5);
    await popover(reader).waitFor({ state: "hidden" });
    expect(await nativeTitle()).toBe(titleBefore);
    expect(pageErrors).toEqual([]);
  });
});
