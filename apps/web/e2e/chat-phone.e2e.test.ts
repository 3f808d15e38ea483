/**
 * Issue #15 items 4 and 6 in real Chromium against the real server. Table chat: two people talk,
 * markup stays text, a spectator reads but cannot write (the table's default), and a mute hides
 * a person, also after a reload. Phone (375 × 740): the board comes first, the players, log and
 * chat open in a drawer from the screen's edge, the final score table keeps TOTAL on screen,
 * nothing scrolls sideways, and at a table of each game what can be tapped is at least 40 px each
 * way with no board control covering another (one check, `tapTargetProblems`), and on El Paso's
 * board every control scrolled to is clear of the sticky banner and the dock. The replay on a
 * phone, read in German, does the same (its drawer holds the move list too), and says in German
 * why a match cannot be rebuilt.
 * SHOTS=<dir> also saves screenshots.
 */
import { mkdirSync } from "node:fs";
import { Client, type Room } from "@colyseus/sdk";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./a11y.ts";
import { createTableFromLobby, skipBrowserTests, tapTargetProblems, useSite } from "./harness.ts";

const PHONE = { width: 375, height: 740 };

/**
 * Every board control scrolled into view from either end of the page (coming to rest at the top
 * edge, then at the bottom edge) must be what a tap at its centre hits, not the sticky turn banner,
 * the dock or a choice strip fixed over the board. How many controls were tried, and a sentence
 * for each one hidden.
 */
function hiddenBoardControls(page: Page): Promise<{ tried: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const controls = [...document.querySelectorAll<Element>(".board-col svg [data-option]")];
    const scroller = document.scrollingElement!;
    for (const control of controls) {
      for (const from of ["below", "above"] as const) {
        scroller.scrollTop = from === "below" ? scroller.scrollHeight : 0;
        control.scrollIntoView({ block: "nearest", inline: "nearest" });
        const box = control.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit !== control && !control.contains(hit)) {
          const what = hit ? `${hit.tagName.toLowerCase()}${hit.closest("[data-testid]") ? ` in ${hit.closest("[data-testid]")!.getAttribute("data-testid")}` : ""}` : "nothing";
          problems.push(`“${control.getAttribute("aria-label")}” scrolled to from ${from} is under ${what}`);
        }
      }
    }
    scroller.scrollTop = 0;
    return { tried: controls.length, problems };
  });
}
const shots = process.env.SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

describe.skipIf(skipBrowserTests)("table chat and the phone layout", () => {
  const site = useSite(0);
  const rooms: Room[] = [];
  const pageErrors: string[] = [];
  /** The finished Fistful match the bots played in the phone test, for the replay on a phone. */
  let finishedMatch = "";

  afterAll(async () => {
    for (const room of rooms) await room.leave(true).catch(() => undefined);
  });

  async function person(name: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await (await site.browser.newContext({ viewport })).newPage();
    if (name) await page.addInitScript((who) => localStorage.setItem("saloon.name", who), name);
    page.on("pageerror", (error) => pageErrors.push(`${name}: ${error.message}`));
    return page;
  }

  const chatLines = (page: Page) => page.locator('[data-testid="table-chat"] [data-chat-index]');

  it("two pages chat as plain text, a spectator only reads, and a mute hides a person (remembered)", async () => {
    const ann = await person("Ann");
    const bob = await person("Bob");
    const tableId = await createTableFromLobby(ann, site.base, { name: "Ann", game: "fistful", seats: 2, bots: [] });
    await bob.goto(`${site.base}/#/table/${tableId}`);
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
    await cy.goto(`${site.base}/#/table/${tableId}/watch`);
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

  it("on a phone: board first, players and log in a drawer, TOTAL on screen, no sideways scroll", async () => {
    // A finished game to look at: two bots play Fistful out at once while an SDK client watches.
    const watcher = await new Client(site.base.replace(/^http/, "ws")).create("table", { game: "fistful", seats: 2, bots: [0, 1], spectate: true, spectatorChat: true });
    watcher.onMessage("*", () => undefined);
    rooms.push(watcher);
    const phone = await person("Dee", PHONE);
    await phone.goto(`${site.base}/#/table/${watcher.roomId}/watch`);
    // Two bots play a whole game first: on a loaded CI machine that took over 30 s.
    await phone.getByTestId("final-scores").waitFor({ timeout: 120_000 });

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
    await replay.goto(`${site.base}/#/match/${watcher.roomId}`);
    await replay.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    const replayLines = replay.locator('[data-testid="replay-chat"] [data-chat-index]');
    expect(await replayLines.count()).toBe(0);
    await replay.locator("body").press("End");
    await expect.poll(() => replayLines.count()).toBe(1);
    expect(await replayLines.first().textContent()).toMatch(/Spectator.*after move \d+.*Good game, bots/s);
    await replay.locator("body").press("ArrowLeft");
    await expect.poll(() => replayLines.count()).toBe(0);

    finishedMatch = watcher.roomId;
  });

  it("on a phone, seated at each game while the board offers choices: every tap target is 40 px or more, none covers another", async () => {
    // One page for all three games: each table is created from the lobby, then looked at as a phone.
    const ann = await person("Ann");
    for (const [game, seats] of [
      ["fistful", 2],
      ["el-gaucho", 3],
      ["el-paso", 2],
    ] as const) {
      await ann.setViewportSize({ width: 1280, height: 900 });
      await createTableFromLobby(ann, site.base, { name: "Ann", game, seats, bots: Array.from({ length: seats - 1 }, (_, i) => i + 1) });
      await ann.setViewportSize(PHONE);
      await ann.locator(".board-col [data-option], .board-col [data-place]").first().waitFor({ timeout: 15_000 });
      // Polled: the board's hit areas follow its scale in the frame after it is laid out at the phone's width.
      await expect.poll(() => tapTargetProblems(ann), { message: `${game} on a phone`, timeout: 5000 }).toEqual([]);
      await shot(ann, `phone-seated-${game}`, true);
      if (game === "el-paso") {
        const hidden = await hiddenBoardControls(ann);
        expect(hidden.tried, "El Paso offers board controls at its start").toBeGreaterThan(0);
        expect(hidden.problems, "El Paso board controls under the banner or the dock").toEqual([]);
      }
      await expectAccessible(ann, `a ${game} table on a phone`);
      expect(await ann.evaluate(() => document.scrollingElement!.scrollWidth), `${game} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
    }
    expect(pageErrors).toEqual([]);
  });

  it("the replay on a phone, read in German: board first, players, moves and log in the drawer, TOTAL on screen, 40 px targets; a replay that cannot be rebuilt says why in German", async () => {
    expect(finishedMatch, "the phone test above left a finished match").not.toBe("");
    const context = await site.browser.newContext({ viewport: PHONE, locale: "de-DE" });
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`replay: ${error.message}`));
    await page.goto(`${site.base}/#/match/${finishedMatch}`);
    await page.getByTestId("replay-banner").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Zum Ende springen" }).click();
    await page.getByTestId("replay-scores").waitFor();
    await shot(page, "phone-replay", true);

    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
      return {
        pageWidth: document.scrollingElement!.scrollWidth,
        board: box(".board-col svg"),
        totals: [...document.querySelectorAll('[data-testid="replay-scores"] [data-total], [data-testid="final-scores"] [data-total]')].map((cell) => {
          const r = cell.getBoundingClientRect();
          return { left: r.left, right: r.right, width: r.width };
        }),
      };
    });
    expect(layout.pageWidth, "the replay scrolls sideways").toBeLessThanOrEqual(PHONE.width);
    expect(layout.board?.width ?? 0, "the board fills the phone's width").toBeGreaterThan(PHONE.width * 0.8);
    // Both score tables (the recorded result and the replay's own) keep every TOTAL on screen.
    expect(layout.totals).toHaveLength(4);
    for (const total of layout.totals) {
      expect(total.width).toBeGreaterThan(0);
      expect(total.left).toBeGreaterThanOrEqual(0);
      expect(total.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await tapTargetProblems(page), "the replay's targets, drawer closed").toEqual([]);

    // Players, the move list, the log and the chat are in the drawer, as at the table.
    const movesTitle = page.locator("#moves-title");
    expect(await movesTitle.isVisible()).toBe(false);
    await page.getByTestId("drawer-toggle").click();
    await expect.poll(() => movesTitle.isVisible()).toBe(true);
    const drawer = page.getByTestId("side-drawer");
    expect(await drawer.locator(".seat").count()).toBe(2);
    expect(await drawer.locator("#log-title").isVisible()).toBe(true);
    expect(await drawer.getByTestId("replay-chat").count()).toBe(1);
    await shot(page, "phone-replay-drawer");
    expect(await tapTargetProblems(page), "the replay's targets, drawer open").toEqual([]);
    await expectAccessible(page, "the replay on a phone, in German, with its drawer open");
    // A move in the list steps the replay there.
    await drawer.locator('[data-move-index="1"]').click();
    await expect.poll(() => page.locator(".match-page").getAttribute("data-move")).toBe("1");
    await page.keyboard.press("Escape");
    await expect.poll(() => movesTitle.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A match whose log the rules refuse part-way: the warning says which move and why, in German.
    const detailUrl = (url: URL) => url.pathname === `/api/matches/${finishedMatch}`;
    await page.route(detailUrl, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { actions: { seat: number; action: { type: string; [key: string]: unknown } }[] };
      body.actions[2] = { seat: body.actions[2]!.seat, action: { type: "take", location: "nowhere" } };
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const warning = page.getByTestId("replay-warning");
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toMatch(/Zug 3 \(.+, „take“\) wurde von den Regeln abgelehnt: (Der Zug stand an dieser Stelle nicht zur Wahl|Dieser Platz hatte an dieser Stelle nichts zu entscheiden)\./);
    await page.unroute(detailUrl);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
