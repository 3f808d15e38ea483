/**
 * Accessibility in real Chromium (issue #15 item 10): axe-core finds no serious or critical
 * problem on the lobby, a running table of each game (with a question to answer), the history
 * and a replay; and each game is played for several moves with the keyboard alone: Tab to a
 * highlighted option (it shows a focus ring), Enter or Space to choose it, Escape to close a
 * place's choices. No mouse clicks on the tables.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, expectAccessible, focused } from "./a11y.ts";
import { CLICKABLE, createTableFromLobby, mulberry32, skipBrowserTests, useSite, version } from "./harness.ts";

/** The choices a place opens, in each game's choice bar. */
const CHOICE = ".choice-strip [data-option]:not([disabled]), [data-testid='choice-strip'] [data-option]:not([disabled])";

/** Waits until the page has something to choose (or the game is over); true when it has. */
async function hasChoice(page: Page): Promise<boolean> {
  await page.waitForFunction((sel) => document.querySelector('[data-testid="final-scores"]') || document.querySelector(sel), CLICKABLE, { timeout: 30_000 });
  return (await page.getByTestId("final-scores").count()) === 0;
}

/**
 * Presses Tab until an option (or a place with several) has the focus, going on past a few at
 * random; returns what has the focus and how many presses it took. Fails when none is reachable
 * within `limit` presses.
 */
async function tabToOption(page: Page, random: () => number, limit = 400) {
  let passed = 0;
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press("Tab");
    const isTarget = await page.evaluate(() => !!document.activeElement?.matches("[data-option], [data-place]"));
    if (!isTarget) continue;
    // Stop at this one, or go on to another (every option is reachable; which one is chosen varies).
    if (random() < 0.5 || passed >= 6) return { ...(await focused(page))!, presses };
    passed++;
  }
  throw new Error(`no option reachable with Tab in ${limit} presses`);
}

/** Whether the focus is on one of the open choices. */
const onChoice = (page: Page) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, CHOICE);

/** One decision made with the keyboard alone; returns a sentence when the server refused it. */
async function keyboardMove(page: Page, random: () => number, log: string[]): Promise<string | null> {
  const target = await tabToOption(page, random);
  expect(target.ring, `no visible focus ring on ${target.label}`).toBe(true);
  const before = await version(page);
  if (target.option === null) {
    // A place with several options: Enter opens its choices and moves the focus to the first.
    // On El Gaucho's board opening them does not move the board (issue #15 item 7).
    const gauchoBoard = page.locator('svg[aria-label="El Gaucho board"]');
    const boardTop = async () => ((await gauchoBoard.count()) > 0 ? (await gauchoBoard.boundingBox())?.y : null);
    const topBefore = await boardTop();
    await page.keyboard.press("Enter");
    await page.locator(CHOICE).first().waitFor({ timeout: 5000 });
    expect(await boardTop(), "the board stays where it was when the choices open").toBe(topBefore);
    await expect.poll(() => onChoice(page), { timeout: 5000 }).toBe(true);
    if ((await page.locator("[data-cancel]").count()) > 0) {
      // Escape closes them and gives the focus back to the place; Space opens them again.
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator(CHOICE).count(), { timeout: 5000 }).toBe(0);
      expect((await focused(page))?.place, "Escape gives the focus back to the place").toBe(target.place);
      await page.keyboard.press(" ");
      await page.locator(CHOICE).first().waitFor({ timeout: 5000 });
      await expect.poll(() => onChoice(page), { timeout: 5000 }).toBe(true);
    }
    const skip = Math.floor(random() * (await page.locator(CHOICE).count()));
    for (let i = 0; i < skip; i++) await page.keyboard.press("Tab");
    expect(await onChoice(page), "Tab moves from choice to choice").toBe(true);
    const choice = (await focused(page))!;
    expect(choice.ring, `no visible focus ring on the choice ${choice.label}`).toBe(true);
    log.push(`${target.label} (${target.presses} × Tab) → ${choice.label}`);
  } else log.push(`${target.label} (${target.presses} × Tab)`);
  await page.keyboard.press(random() < 0.5 ? "Enter" : " ");
  return page
    .waitForFunction((v) => Number(document.querySelector(".table-page")?.getAttribute("data-version")) !== v, before, { timeout: 10_000 })
    .then(() => null)
    .catch(async () => `no answer after choosing ${log.at(-1)}: ${(await page.locator(".notice").allTextContents()).join(" ")}`);
}

describe.skipIf(skipBrowserTests)("accessibility", () => {
  const site = useSite(5);
  const pageErrors: string[] = [];

  const newPage = async (width = 1280, height = 1000) => {
    const page = await (await site.browser.newContext({ viewport: { width, height } })).newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    return page;
  };

  it("the lobby has no serious or critical problems", async () => {
    const page = await newPage();
    await page.goto(`${site.base}/#/`);
    await page.locator('input[name="player-name"]').waitFor();
    await expectAccessible(page, "the lobby");
    await page.context().close();
  });

  for (const [game, seats, moves] of [
    ["fistful", 2, 6],
    ["el-gaucho", 3, 6],
    ["el-paso", 2, 6],
  ] as const) {
    it(`${game}: a running table passes axe, and ${moves} decisions are made with the keyboard alone`, async () => {
      const started = Date.now();
      const page = await newPage();
      await createTableFromLobby(page, site.base, { name: "Keyboard Kate", game, seats, bots: Array.from({ length: seats - 1 }, (_, i) => i + 1) });
      expect(await hasChoice(page)).toBe(true);
      await expectAccessible(page, `a ${game} table`);
      const random = mulberry32(1510);
      const log: string[] = [];
      const refused: string[] = [];
      for (let move = 0; move < moves; move++) {
        if (!(await hasChoice(page))) break;
        const problem = await keyboardMove(page, random, log);
        if (problem) refused.push(problem);
      }
      expect(refused).toEqual([]);
      expect(log.length).toBe(moves);
      expect(await hasChoice(page)).toBe(true);
      await expectAccessible(page, `a ${game} table after ${moves} moves`);
      console.info(`[web-e2e] a11y ${game}: ${log.length} keyboard moves (${log.join(" | ")}), ${((Date.now() - started) / 1000).toFixed(1)} s`);

      await page.context().close();
    });
  }

  it("the history has no serious or critical problems (the replay is checked in fistful.e2e)", async () => {
    const page = await newPage();
    await page.goto(`${site.base}/#/history`);
    await page.getByTestId("history-status").waitFor({ timeout: 10_000 });
    await expectAccessible(page, "the history");
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
