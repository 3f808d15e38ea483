/**
 * Screenshots of the lobby and a running table, for looking at the client with your own eyes.
 * Needs a running server that serves the built client (default http://127.0.0.1:2567) and
 * Debian's chromium. Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir]
 */
import { mkdirSync } from "node:fs";
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
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
}
