/**
 * Issue #15 items 4 and 6 in real Chromium against the real server. Table chat: two people talk,
 * markup stays text, a spectator reads but cannot write (the table's default), and a mute hides
 * a person, also after a reload. Phone (375 × 740): the board comes first, the players, log and
 * chat open in a drawer from the screen's edge, the final score table keeps TOTAL on screen,
 * nothing scrolls sideways, and what can be tapped is at least 40 px each way.
 * SHOTS=<dir> also saves screenshots.
 */
import { mkdirSync } from "node:fs";
import { Client, type Room } from "@colyseus/sdk";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Site, createTableFromLobby, skipBrowserTests, startSite } from "./harness.ts";

const PHONE = { width: 375, height: 740 };
const shots = process.env.SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

describe.skipIf(skipBrowserTests)("table chat and the phone layout", () => {
  let site: Site | undefined;
  const rooms: Room[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    site = await startSite(0);
  });
  afterAll(async () => {
    for (const room of rooms) await room.leave(true).catch(() => undefined);
    await site?.stop();
  });

  async function person(name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await (await site!.browser.newContext({ viewport })).newPage();
    if (name) await page.addInitScript((who) => localStorage.setItem("saloon.name", who), name);
    page.on("pageerror", (error) => pageErrors.push(`${name}: ${error.message}`));
    return page;
  }

  const chatLines = (page: Page) => page.locator('[data-testid="table-chat"] [data-chat-index]');

  it("two pages chat as plain text, a spectator only reads, and a mute hides a person (remembered)", async () => {
    const ann = await person("Ann");
    const bob = await person("Bob");
    const tableId = await createTableFromLobby(ann, site!.base, { name: "Ann", game: "fistful", seats: 2, bots: [] });
    await bob.goto(`${site!.base}/#/table/${tableId}`);
    await expect.poll(() => bob.locator(".table-page").getAttribute("data-status"), { timeout: 15_000 }).toBe("playing");

    const hostile = "<b>bold</b> & <img src=x onerror=alert(1)> howdy";
    await ann.fill("#chat-input", hostile);
    await ann.press("#chat-input", "Enter");
    await expect.poll(() => chatLines(bob).count(), { timeout: 10_000 }).toBe(1);
    expect(await chatLines(bob).first().locator(".text").textContent()).toBe(hostile);
    expect(await bob.locator('[data-testid="table-chat"] b, [data-testid="table-chat"] img').count()).toBe(0);
    expect(await ann.inputValue("#chat-input")).toBe("");

    await bob.fill("#chat-input", "Howdy, Ann");
    await bob.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => chatLines(ann).count(), { timeout: 10_000 }).toBe(2);
    expect(await chatLines(ann).nth(1).getAttribute("data-chat-name")).toBe("Bob");

    // A spectator reads along; this table lets spectators read only.
    const cy = await person("Cy");
    await cy.goto(`${site!.base}/#/table/${tableId}/watch`);
    await expect.poll(() => chatLines(cy).count(), { timeout: 15_000 }).toBe(2);
    expect(await cy.locator("#chat-input").count()).toBe(0);
    expect(await cy.locator('[data-testid="table-chat"]').textContent()).toContain("Spectators can read this table's chat but not write in it.");

    // Bob mutes Ann: her line goes from his page (not from hers), and stays gone after a reload.
    await bob.getByText("Mute people").click();
    await bob.locator('[data-mute="Ann"]').click();
    await expect.poll(() => bob.locator('[data-testid="table-chat"] [data-chat-name="Ann"]').count()).toBe(0);
    expect(await bob.getByTestId("chat-hidden").textContent()).toContain("1");
    expect(await ann.locator('[data-testid="table-chat"] [data-chat-name="Ann"]').count()).toBe(1);
    await shot(bob, "chat-muted");
    await bob.reload();
    await expect.poll(() => chatLines(bob).count(), { timeout: 15_000 }).toBe(1);
    expect(await chatLines(bob).first().getAttribute("data-chat-name")).toBe("Bob");
    expect(await bob.getByTestId("chat-hidden").textContent()).toContain("1");
    expect(pageErrors).toEqual([]);
  });

  it("on a phone: board first, players and log in a drawer, TOTAL on screen, no sideways scroll, 40 px tap targets", async () => {
    // A finished game to look at: two bots play Fistful out at once while an SDK client watches.
    const watcher = await new Client(site!.base.replace(/^http/, "ws")).create("table", { game: "fistful", seats: 2, bots: [0, 1], spectate: true, spectatorChat: true });
    watcher.onMessage("*", () => undefined);
    rooms.push(watcher);
    const phone = await person("Dee", PHONE);
    await phone.goto(`${site!.base}/#/table/${watcher.roomId}/watch`);
    await phone.getByTestId("final-scores").waitFor({ timeout: 30_000 });

    await shot(phone, "phone-final-scores", true);
    const layout = await phone.evaluate(() => {
      const totals = [...document.querySelectorAll('[data-testid="final-scores"] [data-total]')].map((cell) => cell.getBoundingClientRect());
      const board = document.querySelector(".board-col")?.getBoundingClientRect();
      return {
        pageWidth: document.scrollingElement!.scrollWidth,
        totals: totals.map((r) => ({ left: r.left, right: r.right, width: r.width })),
        boardTop: board?.top ?? -1,
      };
    });
    expect(layout.pageWidth, "the page scrolls sideways").toBeLessThanOrEqual(PHONE.width);
    expect(layout.totals).toHaveLength(2);
    for (const total of layout.totals) {
      expect(total.width).toBeGreaterThan(0);
      expect(total.left).toBeGreaterThanOrEqual(0);
      expect(total.right).toBeLessThanOrEqual(PHONE.width);
    }

    // The log is in the drawer: out of sight until the edge button opens it.
    const logTitle = phone.locator("#log-title");
    expect(await logTitle.isVisible()).toBe(false);
    await phone.getByTestId("drawer-toggle").click();
    await expect.poll(() => logTitle.isVisible()).toBe(true);
    await expect.poll(() => phone.getByTestId("side-drawer").evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width + 1);
    expect(await phone.locator('[data-testid="side-drawer"] .seat').count()).toBe(2);
    await shot(phone, "phone-drawer");
    expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.keyboard.press("Escape");
    await expect.poll(() => logTitle.isVisible()).toBe(false);

    // The replay shows the chat at the move it was written: this line came after the last move.
    // A line written while the drawer is closed is counted on its edge tab until the drawer opens.
    watcher.send("chat", { text: "Good game, bots" });
    await expect.poll(() => phone.getByTestId("drawer-news").textContent(), { timeout: 10_000 }).toBe("1");
    await phone.getByTestId("drawer-toggle").click();
    await expect.poll(() => chatLines(phone).count(), { timeout: 10_000 }).toBe(1);
    expect(await phone.getByTestId("drawer-news").count()).toBe(0);
    const replay = await person("Eve");
    await replay.goto(`${site!.base}/#/match/${watcher.roomId}`);
    await replay.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    const replayLines = replay.locator('[data-testid="replay-chat"] [data-chat-index]');
    expect(await replayLines.count()).toBe(0);
    await replay.locator("body").press("End");
    await expect.poll(() => replayLines.count()).toBe(1);
    expect(await replayLines.first().textContent()).toMatch(/Spectator.*after move \d+.*Good game, bots/s);
    await replay.locator("body").press("ArrowLeft");
    await expect.poll(() => replayLines.count()).toBe(0);

    // A seated person on a phone: every button and board option is a tap target of 40 px or more.
    const ann = await person("Ann");
    await createTableFromLobby(ann, site!.base, { name: "Ann", game: "fistful", seats: 2, bots: [1] });
    await ann.setViewportSize(PHONE);
    await ann.locator("[data-option]").first().waitFor({ timeout: 15_000 });
    const small = await ann.evaluate(() =>
      [...document.querySelectorAll("[data-option], [data-place], button, a.btn, select, input, summary")]
        .filter((el) => getComputedStyle(el).visibility === "visible" && !el.closest("[inert]"))
        // A checkbox or radio is tapped through its label: the label is its target.
        .map((el) => (el.matches("input[type=checkbox], input[type=radio]") && el.closest("label") ? el.closest("label")! : el))
        .map((el) => ({ what: `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30)}`, box: el.getBoundingClientRect() }))
        // Half a pixel for sub-pixel layout.
        .filter(({ box }) => box.width > 0 && (box.width < 39.5 || box.height < 39.5))
        .map(({ what, box }) => `${what}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    await shot(ann, "phone-seated");
    expect(await ann.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(pageErrors).toEqual([]);
  });
});
