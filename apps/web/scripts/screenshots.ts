/**
 * Screenshots of the lobby, a running table, the match history and a replay, for looking at the
 * client with your own eyes. Needs a running server that serves the built client (default
 * http://127.0.0.1:2567) and Debian's chromium. When the history is empty an all-bot table is
 * played first: start the server with BOT_DELAY_MS=20 so that takes seconds, not minutes.
 * Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir]
 */
import { mkdirSync } from "node:fs";
import { Client } from "@colyseus/sdk";
import { TABLE_ROOM, type MatchPage } from "@saloon/protocol";
import { chromium } from "playwright-core";

const base = process.argv[2] ?? "http://127.0.0.1:2567";
const out = process.argv[3] ?? "/tmp/saloon-shots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.goto(`${base}/#/`);
  await page.fill('input[name="player-name"]', "Calamity Jane");
  await page.screenshot({ path: `${out}/lobby.png`, fullPage: true });
  await page.click('button[type="submit"]');
  await page.waitForSelector("[data-option]", { timeout: 15000 });
  await page.screenshot({ path: `${out}/table-start.png`, fullPage: true });
  // Play a few moves by clicking options, then capture mid-game.
  for (let i = 0; i < 25; i++) {
    const option = page.locator("[data-option]").first();
    await option.waitFor({ timeout: 15000 });
    await option.click();
    await page.waitForTimeout(250);
  }
  await page.locator("[data-option]").first().waitFor({ timeout: 15000 });
  await page.screenshot({ path: `${out}/table-mid.png`, fullPage: true });
  const url = page.url();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(url.replace(/#\/table\/([^/]+).*$/, "#/table/$1/watch"));
  await phone.waitForSelector("svg", { timeout: 15000 });
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: `${out}/phone-watch.png`, fullPage: true });
  await phone.locator("svg[aria-label]").first().screenshot({ path: `${out}/phone-board.png` });
  // A phone player: capture the direction arrows and the hand while placing.
  const mobile = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await mobile.goto(`${base}/#/`);
  await mobile.fill('input[name="player-name"]', "Doc");
  await mobile.click('button[type="submit"]');
  const wanted = new Set(["direction", "place"]);
  for (let i = 0; i < 200 && wanted.size > 0; i++) {
    const option = mobile.locator("[data-option]").first();
    await option.waitFor({ timeout: 15000 });
    const type = (JSON.parse((await option.getAttribute("data-option")) ?? "{}") as { type: string }).type;
    if (wanted.has(type)) {
      wanted.delete(type);
      await option.scrollIntoViewIfNeeded();
      await mobile.screenshot({ path: `${out}/phone-${type}.png` });
    }
    await option.click();
    await mobile.waitForTimeout(200);
  }

  const lobby = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await lobby.goto(`${base}/#/`);
  await lobby.locator("[data-room]").first().waitFor({ timeout: 10000 });
  await lobby.screenshot({ path: `${out}/lobby-tables.png`, fullPage: true });
  const phoneLobby = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phoneLobby.goto(`${base}/#/`);
  await phoneLobby.locator("[data-room]").first().waitFor({ timeout: 10000 });
  await phoneLobby.screenshot({ path: `${out}/phone-lobby.png`, fullPage: true });

  // The history and a replay. An all-bot table plays itself out when the history is empty.
  const history = (await (await fetch(`${base}/api/matches?limit=1`)).json()) as MatchPage;
  if (history.matches.length === 0) {
    const room = await new Client(base.replace(/^http/, "ws")).create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [0, 1, 2], spectate: true });
    room.onMessage("*", () => undefined);
    await new Promise<void>((resolve) => room.onStateChange((state) => (state as { status?: string }).status === "finished" && resolve()));
    await room.leave();
  }
  const desk = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await desk.goto(`${base}/#/history`);
  await desk.locator("[data-match]").first().waitFor({ timeout: 15000 });
  await desk.screenshot({ path: `${out}/history.png`, fullPage: true });
  await desk.locator("[data-match]").first().click();
  await desk.getByTestId("replay-banner").waitFor({ timeout: 15000 });
  await desk.screenshot({ path: `${out}/match-end.png`, fullPage: true });
  await desk.locator('input[type="range"]').fill("40");
  await desk.getByTestId("replay-banner").scrollIntoViewIfNeeded();
  await desk.screenshot({ path: `${out}/replay-move-40.png` });
  const phoneReplay = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phoneReplay.goto(desk.url());
  await phoneReplay.getByTestId("replay-banner").waitFor({ timeout: 15000 });
  await phoneReplay.screenshot({ path: `${out}/phone-replay.png`, fullPage: true });
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
}
