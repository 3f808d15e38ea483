/**
 * What surrounds the tables: the live lobby listing, the HTTP endpoints and the web client.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Room as SdkRoom } from "@colyseus/sdk";
import type { ColyseusTestServer } from "@colyseus/testing";
import { type GameInfo, type HealthStatus, LOBBY_MESSAGES, LOBBY_ROOM, type LobbyEntry, TABLE_ROOM, decodeResult } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hiddenHands } from "./test-games/hidden-hands.ts";
import { bootTestServer, httpBase, record, token } from "./test-support.ts";

let colyseus: ColyseusTestServer;
let webDist: string;
let base: string;

beforeAll(async () => {
  // A stand-in for apps/web/dist: the server must serve whatever the web build produced.
  webDist = mkdtempSync(join(tmpdir(), "saloon-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Saloon</title><div id=app></div>");
  writeFileSync(join(webDist, "assets", "app.js"), "console.log('saloon');");
  colyseus = await bootTestServer({ webDist });
  base = httpBase(colyseus);
});
afterAll(async () => {
  await colyseus.shutdown();
  rmSync(webDist, { recursive: true, force: true });
});
beforeEach(async () => {
  await colyseus.cleanup();
});

/** The lobby's view of the world, kept up to date from its messages. */
async function watchLobby() {
  const room: SdkRoom = await colyseus.sdk.joinOrCreate(LOBBY_ROOM);
  const tables = new Map<string, LobbyEntry>();
  const seen: string[] = [];
  /** Tables whose end the lobby announced, with how they ended. */
  const ended = new Map<string, string>();
  const state = { listReceived: false };
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((w) => w());
  room.onMessage(LOBBY_MESSAGES.rooms, (entries: LobbyEntry[]) => {
    for (const entry of entries) {
      tables.set(entry.roomId, entry);
      seen.push(entry.roomId);
    }
    state.listReceived = true;
    changed();
  });
  room.onMessage(LOBBY_MESSAGES.added, ([roomId, entry]: [string, LobbyEntry]) => {
    tables.set(roomId, entry);
    if (entry.metadata.status === "finished" || entry.metadata.status === "abandoned") ended.set(roomId, entry.metadata.status);
    seen.push(roomId);
    changed();
  });
  room.onMessage(LOBBY_MESSAGES.removed, (roomId: string) => {
    tables.delete(roomId);
    changed();
  });
  const until = <T>(check: () => T | undefined | false, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`lobby: timed out waiting for ${what}`)), 5000);
      const attempt = () => {
        const value = check();
        if (value) {
          clearTimeout(timer);
          waiters.delete(attempt);
          resolve(value);
        }
      };
      waiters.add(attempt);
      attempt();
    });
  return { room, tables, seen, ended, until, listReceived: () => state.listReceived };
}

describe("the lobby", () => {
  it("lists public tables live with their metadata, and never private ones", async () => {
    const lobby = await watchLobby();

    const secret = await record(
      "secret host",
      colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, private: true, name: "Sly", token: token("sly") }),
    );
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [2], name: "Ann", token: token("ann") }));
    const listed = await lobby.until(() => lobby.tables.get(ann.room.roomId), "Ann's table");
    expect(listed.name).toBe(TABLE_ROOM);
    expect(listed.metadata).toEqual({
      game: "fistful",
      gameTitle: "A Fistful of Meeples",
      status: "waiting",
      seats: [
        { seat: 0, kind: "human", name: "Ann" },
        { seat: 1, kind: "open", name: "" },
        { seat: 2, kind: "bot", name: "Bot 3" },
      ],
      seatsTaken: 2,
      seatsTotal: 3,
      createdAt: expect.any(Number),
    });
    // Nothing secret rides along in the listing.
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    // The listing follows the table: a seat is taken, the game starts.
    await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
    const started = await lobby.until(() => {
      const entry = lobby.tables.get(ann.room.roomId);
      return entry?.metadata.status === "playing" ? entry : undefined;
    }, "the listing to show the game started");
    expect(started.metadata.seats[1]).toEqual({ seat: 1, kind: "human", name: "Bob" });
    expect(started.metadata.seatsTaken).toBe(3);

    // The private table was never announced, yet it can be joined by id.
    expect(lobby.seen).not.toContain(secret.room.roomId);
    const guest = await record("guest", colyseus.sdk.joinById(secret.room.roomId, { name: "Guest", token: token("guest") }));
    expect(guest.seat).toBe(1);
    expect(lobby.seen).not.toContain(secret.room.roomId);

    // A table that closes leaves the list.
    await ann.room.leave();
    await colyseus.getRoomById(ann.room.roomId).disconnect();
    await lobby.until(() => !lobby.tables.has(ann.room.roomId), "the closed table to leave the list");

    // A new lobby visitor gets the current list at once.
    const late = await watchLobby();
    await late.until(() => late.listReceived(), "the initial list");
    expect([...late.tables.values()].every((entry) => entry.metadata.game)).toBe(true);
    expect([...late.tables.keys()]).not.toContain(secret.room.roomId);
  });

  it("an all-bot table starts at once and plays to the end while people watch", async () => {
    const lobby = await watchLobby();
    const watcher = await record("watcher", colyseus.sdk.create(TABLE_ROOM, { game: hiddenHands.id, seats: 3, bots: [0, 1, 2], spectate: true }));
    expect(watcher.seat).toBeNull();
    const end = await watcher.until(() => watcher.snapshots.find((s) => s.status === "finished"), "the bots to finish");
    expect(decodeResult(end)?.lines).toHaveLength(3);
    expect(end.seats.map((s) => s.kind)).toEqual(["bot", "bot", "bot"]);
    // The end is announced (a lobby points to the replay from it), then the table leaves the
    // list at once, although its watcher still sits there.
    await lobby.until(() => lobby.ended.get(watcher.room.roomId) === "finished", "the listing to show the end");
    await lobby.until(() => !lobby.tables.has(watcher.room.roomId), "the finished table to leave the list");
    expect(colyseus.getRoomById(watcher.room.roomId)).toBeDefined();
    const late = await watchLobby();
    await late.until(() => late.listReceived(), "the initial list");
    expect([...late.tables.keys()]).not.toContain(watcher.room.roomId);
  });
});

describe("HTTP", () => {
  it("GET /health reports the process", async () => {
    await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as HealthStatus;
    expect(health).toEqual({ status: "ok", uptime: expect.any(Number), rooms: 1, clients: 1 });
  });

  it("GET /api/games lists the registered games", async () => {
    const response = await fetch(`${base}/api/games`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const games = (await response.json()) as GameInfo[];
    expect(games).toEqual([
      { id: "fistful", title: "A Fistful of Meeples", minSeats: 2, maxSeats: 4 },
      { id: "el-gaucho", title: "El Gaucho", minSeats: 2, maxSeats: 4 },
      { id: "el-paso", title: "Great Western Trail: El Paso", minSeats: 2, maxSeats: 4 },
      { id: "hidden-hands", title: "Hidden Hands (test game)", minSeats: 2, maxSeats: 4 },
    ]);
    const missing = await fetch(`${base}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "not found" });
  });

  it("serves the web client, with client-side routes falling back to index.html", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Saloon</title>");
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain("saloon");
    const route = await fetch(`${base}/table/abc123`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<title>Saloon</title>");
    // Not for missing files, the API, or Colyseus's own routes.
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/api/tables`)).status).toBe(404);
    expect(await (await fetch(`${base}/__healthcheck`)).text()).toBe("OK");
    const matchmake = await fetch(`${base}/matchmake/joinById/nope`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(matchmake.headers.get("content-type")).toMatch(/json/);
  });
});
