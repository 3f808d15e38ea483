/**
 * A person's click is sent once (apps/web/src/lib/answer-gate.ts), in real Chromium against the
 * real server. El Gaucho opens with a decision every seat makes at once (which tiles to keep):
 * Ann's keep is held back on its way to the server while Bob's keep arrives, so her page sees
 * the table move on with her same question still shown. Her choices must stay disabled and a
 * click on them send nothing until her own keep is shown; then a refused answer (spoiled on its
 * way) frees her choices again, with the refusal shown, and her next click goes through; a
 * refusal of another request (a step check) while her keep is on its way does not free them.
 * Two people and no bots, so nothing here depends on timing.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { skipBrowserTests, createTableFromLobby, useSite, version } from "./harness.ts";

/**
 * Ann's page sends its WebSocket frames through here (an init script around WebSocket's send):
 * her actions are counted, and one can be held back (it leaves the page later, as if the network
 * were slow) or spoiled. Playwright's own WebSocket routing is not used: its stand-in WebSocket
 * takes the Colyseus SDK's first, Node-style constructor call instead of refusing it as a browser does.
 */
interface Tap {
  sent: number;
  hold: boolean;
  held: Uint8Array[];
  /** Sends what was held, in order. */
  release?: () => void;
  /** The next action's type is changed to one the game does not know (the server refuses it). */
  spoilNext: boolean;
  /** Sends a message of this type with no payload on the page's room socket, as the SDK would. */
  bare?: (type: string) => void;
}
declare global {
  interface Window {
    tap: Tap;
  }
}

async function tapActions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Colyseus's ROOM_DATA frame for a message typed "action": the code, then the type as a short string.
    const header = [13, 0xa0 | 6, ...Array.from("action", (c) => c.charCodeAt(0))];
    const tap: Tap = { sent: 0, hold: false, held: [], spoilNext: false };
    window.tap = tap;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
      tap.bare = (type) => send.call(this, new Uint8Array([13, 0xa0 | type.length, ...Array.from(type, (c) => c.charCodeAt(0))]));
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
      if (!bytes || !header.every((byte, i) => bytes[i] === byte)) return send.call(this, data);
      tap.sent += 1;
      // A copy: the SDK reuses its buffer for the next message.
      const frame = new Uint8Array(bytes);
      if (tap.spoilNext) {
        tap.spoilNext = false;
        // The option's type, one letter off and as long: still a well-formed frame.
        const at = String.fromCharCode(...frame).indexOf("prePlace");
        if (at > 0) frame[at + 7] = "f".charCodeAt(0);
      }
      if (tap.hold) {
        tap.held.push(frame);
        tap.release = () => {
          for (const held of tap.held.splice(0)) send.call(this, held);
        };
        return;
      }
      return send.call(this, frame);
    };
  });
}

const tapped = (page: Page) => page.evaluate(() => window.tap.sent);

describe.skipIf(skipBrowserTests)("one answer per decision in the browser", () => {
  const site = useSite(0);

  async function person(name: string): Promise<Page> {
    const page = await (await site.browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
    await page.addInitScript((who) => localStorage.setItem("saloon.name", who), name);
    return page;
  }

  it("sends a click once while the table moves on, and frees the choice after a refusal", async () => {
    const ann = await person("Ann");
    const bob = await person("Bob");
    const pageErrors: string[] = [];
    for (const page of [ann, bob]) page.on("pageerror", (error) => pageErrors.push(error.message));
    await tapActions(ann);
    const tableId = await createTableFromLobby(ann, site.base, { name: "Ann", game: "el-gaucho", seats: 2, bots: [] });
    await bob.goto(`${site.base}/#/table/${tableId}`);
    for (const page of [ann, bob]) await expect.poll(() => page.locator(".table-page").getAttribute("data-status"), { timeout: 15_000 }).toBe("playing");

    // Both are asked which tiles to keep, at once.
    const annKeeps = ann.locator('.choice-strip [data-option*="\\"keep\\""]');
    const bobKeeps = bob.locator('.choice-strip [data-option*="\\"keep\\""]:not([disabled])');
    await annKeeps.first().waitFor({ timeout: 15_000 });
    await bobKeeps.first().waitFor({ timeout: 15_000 });
    expect(await version(ann)).toBe(0);

    // Ann keeps; her answer is held on its way. Her choices wait.
    await ann.evaluate(() => (window.tap.hold = true));
    await annKeeps.first().click();
    expect(await tapped(ann)).toBe(1);
    await expect.poll(() => annKeeps.first().isDisabled(), { timeout: 5_000 }).toBe(true);

    // Bob keeps: Ann's page sees the table move on, her own keep not yet shown, the same question still asked.
    await bobKeeps.first().click();
    await expect.poll(() => version(ann), { timeout: 10_000 }).toBe(1);
    expect(await annKeeps.count()).toBeGreaterThan(0);
    // Before, a newer version freed the choices here, and a second click went out (refused as NOT_YOUR_TURN).
    expect(await annKeeps.first().isDisabled()).toBe(true);
    // Another request of hers is refused meanwhile (a step check without a step: BAD_MESSAGE, naming
    // "check-step"): the refusal is shown, and her choices still wait (before, any error freed them).
    await ann.evaluate(() => window.tap.bare?.("check-step"));
    await expect.poll(() => ann.locator(".notice").allTextContents(), { timeout: 10_000 }).toEqual([expect.stringMatching(/.+/)]);
    const [checkRefused] = await ann.locator(".notice").allTextContents();
    const otherNotices = async () => (await ann.locator(".notice").allTextContents()).filter((text) => text !== checkRefused);
    expect(await annKeeps.first().isDisabled()).toBe(true);
    // Even a choice made clickable again sends nothing while her answer is on its way.
    await annKeeps.first().evaluate((button) => button.removeAttribute("disabled"));
    await annKeeps.first().click();
    await ann.waitForTimeout(200);
    expect(await tapped(ann)).toBe(1);

    // Her keep arrives: shown, and nothing refused.
    await ann.evaluate(() => {
      window.tap.hold = false;
      window.tap.release?.();
    });
    await expect.poll(() => version(ann), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => annKeeps.count(), { timeout: 10_000 }).toBe(0);
    await ann.waitForTimeout(300);
    expect(await otherNotices()).toEqual([]);
    expect(await tapped(ann)).toBe(1);

    // The pre-round placing goes from the last seat: Bob, then Ann.
    const bobPlaces = bob.locator('[data-option*="\\"prePlace\\""]');
    await bobPlaces.first().waitFor({ timeout: 10_000 });
    await bobPlaces.first().click();
    const annPlaces = ann.locator('[data-option*="\\"prePlace\\""]');
    await expect.poll(() => version(ann), { timeout: 10_000 }).toBe(3);
    await annPlaces.first().waitFor({ timeout: 10_000 });

    // Her answer is spoiled on its way and refused: the refusal is shown and her choice is free again.
    await ann.evaluate(() => (window.tap.spoilNext = true));
    await annPlaces.first().click();
    await expect.poll(otherNotices, { timeout: 10_000 }).toEqual([expect.stringMatching(/.+/)]);
    await expect.poll(() => annPlaces.first().getAttribute("aria-disabled"), { timeout: 5_000 }).toBe("false");
    expect(await version(ann)).toBe(3);
    expect(await tapped(ann)).toBe(2);

    // The same choice again goes through, once.
    await annPlaces.first().click();
    await expect.poll(() => version(ann), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(await tapped(ann)).toBe(3);
    expect(pageErrors).toEqual([]);
    for (const page of [ann, bob]) await page.context().close();
  });
});
