/**
 * The reader's language in real Chromium: a browser that asks for German gets the lobby and the
 * table in German; the picker in the top bar switches to English in place — no reload, the
 * table's connection kept — and the game still takes a move afterwards. On a phone's width.
 */
import { describe, expect, it } from "vitest";
import { CLICKABLE, clickAndWait, skipBrowserTests, useSite, version } from "./harness.ts";

describe.skipIf(skipBrowserTests)("languages in the browser", () => {
  const site = useSite(20);


  it("a German browser gets German, and the picker switches to English without a reload or a new connection", async () => {
    const context = await site.browser.newContext({ locale: "de-DE", viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    let sockets = 0;
    page.on("websocket", () => sockets++);
    let loads = 0;
    page.on("load", () => loads++);

    // The lobby, in German from the browser's language alone (nothing saved yet).
    await page.goto(`${site.base}/#/`);
    await page.getByRole("heading", { name: "Dein Name & ein neuer Tisch" }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByRole("link", { name: "Partiearchiv" }).count()).toBe(1);
    expect(await page.locator(".tagline").textContent()).toContain("Western-Brettspiele");
    expect(await page.locator('select[name="grace"] option:checked').textContent()).toBe("5 Minuten");

    // A table against a bot, created from the German form.
    await page.fill('input[name="player-name"]', "Greta");
    await page.locator('select[name="game"]').selectOption("fistful");
    await page.locator('input[name="seats"][value="2"]').check({ force: true });
    await page.locator('input[name="bot-1"]').check();
    expect(await page.locator('input[name="bot-1"] + span').textContent()).toBe("Bot");
    await page.getByRole("button", { name: "Tisch anlegen & hinsetzen" }).click();
    await page.waitForURL(/#\/table\/[^/]+$/, { timeout: 15_000 });
    await page.locator(".seat.me").waitFor({ state: "attached", timeout: 15_000 }); // on a phone the seats sit in the drawer

    // The table's chrome is German.
    await expect.poll(() => page.locator(".conn").textContent(), { timeout: 10_000 }).toBe("verbunden");
    expect(await page.locator(".seat.me .tag.you").textContent()).toBe("du");
    expect(await page.locator(".seat:not(.me) .tag").textContent()).toBe("Bot");
    expect(await page.locator("#log-title").textContent()).toBe("Spielverlauf");
    expect(await page.getByRole("button", { name: /^Ton (an|aus)$/ }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Zurück zur Lobby" }).count()).toBe(1);
    await page.waitForFunction(() => document.querySelector('[data-testid="turn-banner"] .flag'), undefined, { timeout: 15_000 });
    expect(await page.locator('[data-testid="turn-banner"] .flag').textContent()).toMatch(/^(Du bist dran|Deine Entscheidung)$/);

    // The picker sits in the top bar, a full tap target that fits the phone's width.
    const picker = page.locator('.topbar select[name="language"]');
    const box = (await picker.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Switch to English: the same page (a value set on window survives), the same connection.
    await page.evaluate(() => ((window as unknown as { languageMark: number }).languageMark = 4711));
    const socketsBefore = sockets;
    const loadsBefore = loads;
    await picker.selectOption("en");
    await expect.poll(() => page.locator("#log-title").textContent()).toBe("Table talk");
    expect(await page.locator(".seat.me .tag.you").textContent()).toBe("you");
    expect(await page.locator(".conn").textContent()).toBe("connected");
    expect(await page.locator('[data-testid="turn-banner"] .flag').textContent()).toMatch(/^(Your turn|Your call)$/);
    expect(await page.getByRole("link", { name: "Back to the lobby" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.evaluate(() => (window as unknown as { languageMark?: number }).languageMark)).toBe(4711);
    expect(await page.evaluate(() => localStorage.getItem("saloon.language"))).toBe("en");
    expect(loads).toBe(loadsBefore);
    expect(sockets).toBe(socketsBefore);

    // The game goes on over the same connection: a move is taken.
    const before = await version(page);
    for (let tries = 0; tries < 5 && (await version(page)) === before; tries++) {
      await page.waitForFunction((selector) => document.querySelector(selector), CLICKABLE, { timeout: 15_000 });
      expect(await clickAndWait(page, page.locator(CLICKABLE).first())).toBeNull();
    }
    expect(await version(page)).toBeGreaterThan(before);
    expect(sockets).toBe(socketsBefore);
    expect(await page.locator(".notice").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
