/**
 * Leaving is not losing, in real Chromium against the real server: leaving a running game asks
 * first; the other player sees the seat kept with a countdown; the lobby's "Your tables" brings
 * the leaver back; after the grace period the other player lets a bot take the seat. Then the
 * server is killed with SIGKILL and started again: both pages find their way back to the same
 * table on their own, with no accepted move lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { skipBrowserTests, useSite, version } from "./harness.ts";

describe.skipIf(skipBrowserTests)("durable tables in the browser", () => {
  let watcher: Room | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "saloon-e2e-durable-"));
  const pageErrors: string[] = [];

  // Registered before the site, so it runs after the site has stopped (after-hooks run in reverse).
  afterAll(async () => {
    // The watcher's connection died with the first server; there is nothing to wait for.
    void watcher?.leave(false).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const site = useSite(150, { dataDir: join(dataDir, "pglite") });

  async function person(name: string): Promise<Page> {
    const page = await (await site.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await page.addInitScript((who) => localStorage.setItem("saloon.name", who), name);
    page.on("pageerror", (error) => pageErrors.push(`${name}: ${error.message}`));
    return page;
  }

  it("asks before leaving, keeps the seat with a countdown, brings the leaver back, then a bot takes over; a crash costs nothing", async () => {
    // A watcher creates a two-seat table with a 4-second grace period; Ann and Bob sit down.
    watcher = await new Client(site.base.replace(/^http/, "ws")).create("table", { game: "fistful", seats: 2, graceSeconds: 4, spectate: true });
    watcher.onMessage("*", () => undefined);
    watcher.reconnection.enabled = false;
    const tableId = watcher.roomId;
    const ann = await person("Ann");
    const bob = await person("Bob");
    await ann.goto(`${site.base}/#/table/${tableId}`);
    await expect.poll(() => ann.locator(".seat.me").count(), { timeout: 15_000 }).toBe(1);
    await bob.goto(`${site.base}/#/table/${tableId}`);
    await expect.poll(() => bob.locator(".table-page").getAttribute("data-status"), { timeout: 15_000 }).toBe("playing");

    // Leaving asks first; saying no keeps Ann at the table.
    ann.once("dialog", (dialog) => void dialog.dismiss());
    await ann.getByRole("link", { name: /back to the lobby/i }).click();
    expect(ann.url()).toContain(`#/table/${tableId}`);
    ann.once("dialog", (dialog) => void dialog.accept());
    await ann.getByRole("link", { name: /back to the lobby/i }).click();
    await ann.waitForURL(/#\/$/);

    // Bob sees Ann's seat kept, with a countdown.
    const away = bob.locator('[data-testid="away-banner"][data-seat="0"]');
    await expect.poll(() => away.textContent(), { timeout: 10_000 }).toMatch(/Ann is away\. Their seat is kept for 0:0\d/);

    // Ann's lobby lists the game under "Your tables"; it takes her back to her seat.
    const mine = ann.locator(`[data-testid="my-tables"] [data-room="${tableId}"]`);
    await expect.poll(() => mine.count(), { timeout: 10_000 }).toBe(1);
    await mine.getByRole("link", { name: /back to the table/i }).click();
    await expect.poll(() => ann.locator(".seat.me").getAttribute("data-seat"), { timeout: 15_000 }).toBe("0");
    await expect.poll(() => away.count(), { timeout: 10_000 }).toBe(0);

    // Ann leaves for good; once the grace period is over Bob lets a bot play her seat.
    ann.once("dialog", (dialog) => void dialog.accept());
    await ann.getByRole("link", { name: /back to the lobby/i }).click();
    await ann.waitForURL(/#\/$/);
    const botButton = bob.getByRole("button", { name: /let a bot play for ann/i });
    await botButton.waitFor({ timeout: 15_000 });
    await botButton.click();
    await expect.poll(() => bob.locator('.seat[data-seat="0"] .tag').textContent(), { timeout: 10_000 }).toBe("bot");

    // Bob plays a few moves against the bot, then the server dies mid-game.
    for (let moves = 0; moves < 3; moves++) {
      const option = bob.locator("[data-option]").first();
      await option.waitFor({ timeout: 15_000 });
      const before = await version(bob);
      await option.click();
      await expect.poll(() => version(bob), { timeout: 10_000 }).toBeGreaterThan(before);
    }
    const seen = await version(bob);
    let matchmaking = 0;
    bob.on("request", (request) => {
      if (request.url().includes("/matchmake/")) matchmaking += 1;
    });
    const crashed = Date.now();
    await site.crashAndRestart();
    const restartMs = Date.now() - crashed;
    // Bob's page finds the table again by itself: same table, no accepted move lost.
    await expect.poll(() => bob.locator(".conn").textContent(), { timeout: 40_000 }).toBe("connected");
    await expect.poll(() => version(bob), { timeout: 10_000 }).toBeGreaterThanOrEqual(seen);
    // In one WebSocket, by the SDK's reconnection with his seat's token (seat-return.ts): no
    // matchmaking request. (Its tries last at least ~6.7 s; a slower restart ends in a join by id.)
    if (restartMs < 6_000) expect(matchmaking, `restarted in ${restartMs} ms`).toBe(0);
    expect(bob.url()).toContain(`#/table/${tableId}`);
    // A reload lands on the same seat too (after the "leave this page?" question a running game asks).
    bob.once("dialog", (dialog) => void dialog.accept());
    await bob.reload();
    await expect.poll(() => bob.locator(".seat.me").getAttribute("data-seat"), { timeout: 20_000 }).toBe("1");
    expect(await version(bob)).toBeGreaterThanOrEqual(seen);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
