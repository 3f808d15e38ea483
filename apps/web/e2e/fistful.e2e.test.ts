/**
 * A whole game of A Fistful of Meeples in real Chromium against the real server.
 * Player A creates a 2-seat table with a bot in seat 1 and plays every one of its decisions by
 * clicking a highlighted `[data-option]`; spectator B finds the table in the lobby, watches it
 * live with nothing clickable, and ends up with the same final scores.
 * Then A finds the finished match in the history (filtered by name), opens its page and steps
 * the replay, rebuilt in the browser, through every move to the same final scores.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GAME_MODULES, readManifest } from "../scripts/bundle-size.ts";
import { expectAccessible } from "./a11y.ts";
import { finalTotals, mulberry32, skipBrowserTests, useSite, version } from "./harness.ts";

/** The JS files a page has asked for, as named in the build (assets/…). */
function scriptsOf(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) files.push(path.replace(/^\//, ""));
  });
  return files;
}

/** Each game's own chunk file, from the build manifest. */
const gameChunk = (game: string): string => readManifest()[GAME_MODULES[game]!]!.file;

describe.skipIf(skipBrowserTests)("Fistful in the browser", () => {
  const site = useSite(20);
  // Handed from the game to the history test.
  let player: Page | undefined;
  let roomId = "";
  let totalsAtTable: Record<string, string> = {};
  const pageErrors: string[] = [];


  it("A plays a whole game against a bot by clicking the board while B watches", async () => {
    const started = Date.now();
    const a = await (await site.browser.newContext({ viewport: { width: 1400, height: 1200 } })).newPage();
    player = a;
    const b = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    for (const [label, page] of [["A", a], ["B", b]] as const) {
      page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));
    }

    // C only looks at the lobby, the whole game long: the table comes, ends, and points to its replay.
    const c = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    c.on("pageerror", (error) => pageErrors.push(`C: ${error.message}`));
    const lobbyScripts = scriptsOf(c);
    const watcherScripts = scriptsOf(b);
    await c.goto(`${site.base}/#/`);
    await expect.poll(() => c.locator(".live").textContent(), { timeout: 10_000 }).toContain("live");

    // B opens the lobby first, so the new table must arrive live.
    await b.goto(`${site.base}/#/`);
    await expect.poll(() => b.locator(".live").textContent(), { timeout: 10_000 }).toContain("live");

    // A names itself and creates a 2-seat Fistful table with seat 1 a bot.
    await a.goto(`${site.base}/#/`);
    await a.fill('input[name="player-name"]', "Annie Oakley");
    await a.locator('select[name="game"]').selectOption("fistful");
    await a.locator('input[name="seats"][value="2"]').check({ force: true });
    await a.locator('input[name="bot-1"]').check();
    await a.getByRole("button", { name: /create table/i }).click();
    await a.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    roomId = a.url().split("#/table/")[1]!;
    // The table page and the game's board arrive as chunks of their own: allow for a busy machine.
    await expect.poll(() => a.locator(".seat.me").count(), { timeout: 15_000 }).toBe(1);
    expect(await a.evaluate(() => localStorage.getItem("saloon.name"))).toBe("Annie Oakley");
    expect(await a.evaluate(() => localStorage.getItem("saloon.token"))).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    await c.locator(`.table-list [data-room="${roomId}"]`).waitFor({ timeout: 15_000 });

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
    totalsAtTable = totalsA;
    // The end of the game links to its replay.
    expect(await a.getByRole("link", { name: "View replay" }).getAttribute("href")).toBe(`#/match/${roomId}`);

    // B saw the game move on, still has nothing to click, and shows the same final scores.
    await b.getByTestId("final-scores").waitFor({ timeout: 15_000 });
    expect(await version(b)).toBeGreaterThan(bStartVersion);
    expect(await b.locator("[data-option]").count()).toBe(0);
    expect(await finalTotals(b)).toEqual(totalsA);
    expect(await b.getByTestId("spectator-banner").isVisible()).toBe(true);
    expect(await b.locator('[data-log-type="gameEnded"]').count()).toBe(1);

    // The finished table left C's list of tables and points to its replay instead.
    const ended = c.locator(`[data-testid="ended-tables"] [data-room="${roomId}"]`);
    await ended.waitFor({ timeout: 15_000 });
    expect(await c.locator(`.table-list [data-room="${roomId}"]`).count()).toBe(0);
    expect(await ended.getByRole("link", { name: "Replay" }).getAttribute("href")).toBe(`#/match/${roomId}`);
    // The lobby never loaded a game's board; the spectator of a Fistful table loaded Fistful's only.
    const games = Object.keys(GAME_MODULES);
    expect(lobbyScripts.length).toBeGreaterThan(0);
    expect(lobbyScripts.filter((file) => games.some((game) => gameChunk(game) === file))).toEqual([]);
    expect(watcherScripts).toContain(gameChunk("fistful"));
    expect(watcherScripts.filter((file) => file === gameChunk("el-paso") || file === gameChunk("el-gaucho"))).toEqual([]);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] ${clicks} clicks by A, ${kinds.size} kinds of option, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it("A finds the match in the history and steps its replay through every move to the same scores", async () => {
    expect(roomId, "the game above must have been played").not.toBe("");
    const started = Date.now();
    const page = player!;
    const match = page.locator(".match-page");
    const atMove = (n: number) => page.locator(`.match-page[data-move="${n}"]`).waitFor({ timeout: 5000 });
    const counter = () => page.getByTestId("move-counter").textContent();
    const scoresIn = async (testid: string) => {
      const totals: Record<string, string> = {};
      for (const row of await page.locator(`[data-testid="${testid}"] tbody tr`).all()) {
        totals[(await row.getAttribute("data-seat")) ?? "?"] = (await row.locator("[data-total]").textContent())?.trim() ?? "";
      }
      return totals;
    };

    // What the server stored: every accepted action, and the scores the table showed.
    const stored = (await (await fetch(`${site.base}/api/matches/${roomId}`)).json()) as {
      actions: unknown[];
      scores: { lines: { seat: number; total: number }[] };
    };
    const moves = stored.actions.length;
    expect(moves).toBeGreaterThan(40);
    expect(Object.fromEntries(stored.scores.lines.map((l) => [String(l.seat), String(l.total)]))).toEqual(totalsAtTable);

    // The lobby links to the history; a filter by (part of) the player's name lists the match.
    await page.goto(`${site.base}/#/`);
    await page.getByRole("link", { name: "Match history", exact: true }).click();
    await page.waitForURL(/#\/history$/);
    await page.fill('input[name="player"]', "nobody-like-this");
    await expect.poll(() => page.getByTestId("history-status").textContent(), { timeout: 10_000 }).toContain("No finished matches with a player called");
    expect(await page.locator("[data-match]").count()).toBe(0);
    await page.fill('input[name="player"]', "annie oak");
    const row = page.locator(`[data-match="${roomId}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(page.url()).toContain("#/history?player=annie+oak");
    await page.selectOption('select[name="game"]', "fistful");
    await expect.poll(() => page.url()).toContain("#/history?game=fistful&player=annie+oak");
    await row.waitFor({ timeout: 10_000 });
    expect(await page.locator("[data-match]").count()).toBe(1);
    expect(await row.textContent()).toContain("Annie Oakley");
    expect(await row.textContent()).toContain("A Fistful of Meeples");
    // Results are held back in the list (they would spoil the replay) until the person asks.
    expect(await row.textContent()).not.toMatch(/won|Shared win/);
    expect(await row.locator("[data-total], .star").count()).toBe(0);
    expect(await page.isChecked('input[name="show-results"]')).toBe(false);
    await page.check('input[name="show-results"]');
    expect(await row.textContent()).toMatch(/won|Shared win/);
    expect(await page.evaluate(() => localStorage.getItem("saloon.history.results"))).toBe("shown");
    const rowTotals: Record<string, string> = {};
    for (const seat of await row.locator("li[data-seat]").all()) {
      rowTotals[(await seat.getAttribute("data-seat")) ?? "?"] = (await seat.locator("[data-total]").textContent())?.trim() ?? "";
    }
    expect(rowTotals).toEqual(totalsAtTable);
    await expectAccessible(page, "the history with the match");

    // The match page: stored scores, a replay rebuilt in the browser that agrees with them.
    await row.click();
    await page.waitForURL(new RegExp(`#/match/${roomId}`));
    expect(await page.getByRole("link", { name: "Back to the match history" }).getAttribute("href")).toBe("#/history?game=fistful&player=annie+oak");
    await page.getByTestId("replay-banner").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("replay-check").isVisible()).toBe(true);
    expect(await page.getByTestId("replay-warning").count()).toBe(0);
    expect(await page.getByTestId("replay-banner").textContent()).toContain("Replay of a finished game");
    expect(await page.locator("svg[aria-label]").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-option]").count(), "nothing on a replay is clickable").toBe(0);

    // The replay opens on the setup and keeps the result back: no scores, no winner's star.
    await atMove(0);
    await expectAccessible(page, "a replay at its start");
    expect(await page.getByTestId("result-hidden").isVisible()).toBe(true);
    expect(await page.getByTestId("final-scores").count()).toBe(0);
    expect(await page.locator(".seat .star").count()).toBe(0);

    // Step forward through every single move.
    expect(await counter()).toBe(`the setup of ${moves}`);
    expect(await page.locator('[data-log-type="gameEnded"]').count()).toBe(0);
    expect(await page.getByTestId("replay-scores").count()).toBe(0);
    const forward = page.getByRole("button", { name: "Step forward", exact: true });
    for (let move = 1; move <= moves; move++) {
      // The button and the → key, taking turns (the key is quicker to drive).
      if (move % 2 === 1) await forward.click();
      else await page.keyboard.press("ArrowRight");
      await atMove(move);
      if (move % 25 === 0 || move === moves) {
        expect(await counter()).toBe(`move ${move} of ${moves}`);
        expect(await page.locator(`[data-move-index="${move}"][aria-current="step"]`).count()).toBe(1);
        expect(await page.locator("[data-option]").count()).toBe(0);
      }
    }
    expect(await forward.isDisabled()).toBe(true);
    expect(await page.locator('[data-log-type="gameEnded"]').count()).toBe(1);

    // At the end the result shows: the replay's own scores equal the stored ones and those seen
    // at the table.
    await page.getByTestId("replay-scores").waitFor();
    expect(await scoresIn("final-scores")).toEqual(totalsAtTable);
    expect(await page.locator(".seat .star").count()).toBeGreaterThan(0);
    expect(await scoresIn("replay-scores")).toEqual(totalsAtTable);
    expect(await scoresIn("replay-scores")).toEqual(await scoresIn("final-scores"));
    await expectAccessible(page, "a replay at its end");

    // Keys, the slider, playback and the "view as" switch.
    await page.locator("body").press("ArrowLeft");
    await atMove(moves - 1);
    expect(await page.getByTestId("replay-scores").count()).toBe(0);
    await page.locator("body").press("Home");
    await atMove(0);
    await page.locator("body").press("ArrowRight");
    await atMove(1);
    await page.locator("body").press("End");
    await atMove(moves);
    await page.locator('input[type="range"]').fill("10");
    await atMove(10);
    await page.selectOption('select[name="speed"]', { label: "Fast" });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    // Playback moves on by itself: wait until it has passed move 12 rather than for exactly 12,
    // which a busy machine may step over between two looks.
    await page.waitForFunction(() => Number(document.querySelector(".match-page")?.getAttribute("data-move")) >= 12, undefined, { timeout: 10_000 });
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const pausedAt = Number(await match.getAttribute("data-move"));
    await page.waitForTimeout(700);
    expect(Number(await match.getAttribute("data-move"))).toBe(pausedAt);
    expect(await match.getAttribute("data-playing")).toBe("false");
    await page.selectOption('select[name="view-as"]', { label: "Annie Oakley" });
    expect(await page.getByTestId("replay-banner").textContent()).toContain("as Annie Oakley saw it");
    expect(await page.locator(".seat.me").getAttribute("data-seat")).toBe("0");
    expect(page.url()).toContain(`#/match/${roomId}?move=${pausedAt}`);

    // Opened again in the middle, the result stays back until the viewer asks for it.
    await page.reload();
    await atMove(pausedAt);
    expect(await page.getByTestId("final-scores").count()).toBe(0);
    await page.getByRole("button", { name: "Show the result now" }).click();
    expect(await scoresIn("final-scores")).toEqual(totalsAtTable);
    expect(Number(await match.getAttribute("data-move"))).toBe(pausedAt);

    // A bad match link says so at once: one question to the server, no asking again.
    const lookups: string[] = [];
    const countLookups = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith("/api/matches/")) lookups.push(request.url());
    };
    page.on("request", countLookups);
    const askedAt = Date.now();
    await page.goto(`${site.base}/#/match/no-such-match`);
    await page.getByRole("heading", { name: "No match here" }).waitFor({ timeout: 5000 });
    expect(Date.now() - askedAt).toBeLessThan(5000);
    await page.waitForTimeout(800);
    expect(lookups).toHaveLength(1);
    page.off("request", countLookups);
    // So does a table link the server never had (no waiting for it to come back after a restart),
    // while the finished table's own link, once the table has closed, would point to the replay.
    await page.goto(`${site.base}/#/table/no-such-table/watch`);
    await page.getByText("There is no table with this id").waitFor({ timeout: 5000 });
    await page.goto(`${site.base}/#/match/${roomId}?move=${pausedAt}`);
    await atMove(pausedAt);

    // Were the stored scores ever different from the rebuilt ones, the page would say so loudly.
    const detailUrl = (url: URL) => url.pathname === `/api/matches/${roomId}`;
    await page.route(detailUrl, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { scores: { lines: { total: number }[] } };
      body.scores.lines[0]!.total += 1;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const warning = page.getByTestId("replay-warning");
    await warning.waitFor({ timeout: 10_000 });
    const storedA = Number(totalsAtTable["0"]);
    expect(await warning.textContent()).toContain(`Annie Oakley: stored ${storedA + 1} points, the replay gives ${storedA}.`);
    expect(await page.getByTestId("replay-check").count()).toBe(0);
    await page.unroute(detailUrl);

    // A match played with other rules than the site's (an older rulesVersion) is not rebuilt:
    // it is marked, and shown by its recorded scores.
    await page.route(detailUrl, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), rulesVersion: "0" } });
    });
    await page.reload();
    const note = page.getByTestId("not-replayable");
    await note.waitFor({ timeout: 10_000 });
    expect(await note.textContent()).toContain("played with rules version 0; the site now runs version 2");
    expect(await scoresIn("final-scores")).toEqual(totalsAtTable);
    expect(await page.getByTestId("replay-banner").count()).toBe(0);
    expect(await page.getByTestId("replay-warning").count()).toBe(0);
    await page.unroute(detailUrl);

    // "More matches" asks for the next page with the cursor and adds it below.
    const listUrl = (url: URL) => url.pathname === "/api/matches";
    await page.route(listUrl, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get("cursor") === "page-2") {
        const seats = [
          { seat: 0, kind: "human", name: "Annie Oakley", total: 12, placement: 1, winner: true },
          { seat: 1, kind: "bot", name: "Bot 2", total: 3, placement: 2, winner: false },
        ];
        const older = { id: "older-match", game: "fistful", rulesVersion: "0", status: "finished", createdAt: "2026-01-01T09:00:00Z", startedAt: null, finishedAt: "2026-01-01T10:00:00Z", seats };
        await route.fulfill({ json: { matches: [older], nextCursor: null } });
        return;
      }
      expect(url.searchParams.get("player")).toBe("Annie");
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), nextCursor: "page-2" } });
    });
    await page.goto(`${site.base}/#/history?player=Annie`);
    await page.locator(`[data-match="${roomId}"]`).waitFor({ timeout: 10_000 });
    expect(await page.inputValue('input[name="player"]')).toBe("Annie");
    await page.getByRole("button", { name: "More matches", exact: true }).click();
    await page.locator('[data-match="older-match"]').waitFor({ timeout: 10_000 });
    expect(await page.locator("[data-match]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-match")))).toEqual([roomId, "older-match"]);
    expect(await page.getByRole("button", { name: "More matches", exact: true }).count()).toBe(0);
    // The older match was played with other rules: its row says it has scores only.
    expect(await page.locator('[data-match="older-match"] [data-testid="scores-only"]').count()).toBe(1);
    expect(await page.locator(`[data-match="${roomId}"] [data-testid="scores-only"]`).count()).toBe(0);
    await page.unroute(listUrl);

    expect(pageErrors).toEqual([]);
    console.info(`[web-e2e] history and a ${moves}-move replay stepped through, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
