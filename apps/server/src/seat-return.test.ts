import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MatchDetail } from "@saloon/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { SteadyPlayer, deterministicRun, freePort, startServer } from "./process-harness.ts";
import { type ReturnTable, asReservedJoin, returnRequestOf, seatForReturn, seatReturnToken } from "./seat-return.ts";
import { testGames, token } from "./test-support.ts";

const table = (overrides: Partial<ReturnTable> = {}): ReturnTable => ({
  roomId: "tableA",
  seed: "a-seed-of-forty-three-characters-base64url-x",
  handshake: new Uint8Array([1, 2, 3]),
  slots: [
    { kind: "human", tokenHash: "hash-of-ann" },
    { kind: "bot", tokenHash: null },
    { kind: "bot", tokenHash: "hash-of-cy" }, // a bot playing for Cy while she is away
    { kind: "open", tokenHash: null },
  ],
  ...overrides,
});

const request = (url: string) => ({ url }) as IncomingMessage;

describe("a seat's reconnection token", () => {
  it("finds the seat it was given for, for that session only", () => {
    const ann = seatReturnToken(table(), "sessionA", 0, "hash-of-ann");
    expect(ann).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(seatForReturn(table(), "sessionA", ann)).toBe(0);
    expect(seatForReturn(table(), "sessionB", ann)).toBeNull();
    // Cy may take her seat back from the bot playing for her.
    expect(seatForReturn(table(), "sessionC", seatReturnToken(table(), "sessionC", 2, "hash-of-cy"))).toBe(2);
  });

  it("is worth nothing at another table, with another seed, after the seat changed hands, or with another schema", () => {
    const ann = seatReturnToken(table(), "sessionA", 0, "hash-of-ann");
    expect(seatForReturn(table({ roomId: "tableB" }), "sessionA", ann)).toBeNull();
    expect(seatForReturn(table({ seed: "another-seed" }), "sessionA", ann)).toBeNull();
    expect(seatForReturn(table({ slots: [{ kind: "human", tokenHash: "hash-of-bob" }] }), "sessionA", ann)).toBeNull();
    expect(seatForReturn(table({ slots: [{ kind: "open", tokenHash: "hash-of-ann" }] }), "sessionA", ann)).toBeNull();
    // A deploy whose schema differs: the client's decoder would not fit, so it joins the long way.
    expect(seatForReturn(table({ handshake: new Uint8Array([1, 2, 4]) }), "sessionA", ann)).toBeNull();
  });

  it("refuses what no token of ours looks like without comparing anything", () => {
    const ann = seatReturnToken(table(), "sessionA", 0, "hash-of-ann");
    for (const [session, token] of [
      ["sessionA", ""],
      ["sessionA", `${ann}x`],
      ["sessionA", ann.slice(1)],
      ["sessionA", `${ann.slice(0, 42)}=`],
      ["", ann],
      ["s".repeat(65), ann],
      ["session/A", ann],
    ]) {
      expect(seatForReturn(table(), session!, token!)).toBeNull();
    }
  });

  it("is read from the SDK's reconnection URL, which then becomes a plain join with the handshake", () => {
    const req = request("/processX/tableA?sessionId=sessionA&reconnectionToken=tok&skipHandshake=1&_authToken=z");
    const asked = returnRequestOf(req)!;
    expect(asked).toMatchObject({ roomId: "tableA", sessionId: "sessionA", token: "tok" });
    asReservedJoin(req, asked);
    expect(req.url).toBe("/processX/tableA?sessionId=sessionA&_authToken=z");
    // Not a reconnection, or not one we can read: left to Colyseus as it came.
    for (const url of ["/processX/tableA?sessionId=sessionA", "/tableA?reconnectionToken=tok", "/p/t?sessionId=&reconnectionToken=tok", `/p/t?sessionId=s&reconnectionToken=${"x".repeat(3000)}`, undefined]) {
      expect(returnRequestOf(request(url as string))).toBeNull();
    }
  });
});

/** Colyseus's close code for a reconnection it refuses (its CloseCode.FAILED_TO_RECONNECT). */
const FAILED_TO_RECONNECT = 4003;

/** Opens the SDK's reconnection WebSocket by hand; resolves with the code it was closed with. */
function tryReturn(port: number, tableId: string, sessionId: string, reconnectionToken: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/anyprocess/${tableId}?sessionId=${sessionId}&reconnectionToken=${reconnectionToken}`);
    socket.on("message", () => undefined);
    socket.once("close", (code) => resolve(code));
    socket.once("error", reject);
  });
}

describe("the SDK's reconnection after a crash (real server processes, PGlite)", () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  });

  it("brings the person back to their seat in one WebSocket, refuses forged tokens, and the game ends as it would have", async () => {
    const dir = mkdtempSync(join(tmpdir(), "saloon-seat-return-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { PGLITE_DIR: join(dir, "pglite"), BOT_DELAY_MS: "40", RATE_LIMIT_PER_SECOND: "1000", RATE_LIMIT_BURST: "1000" };
    let server = await startServer(port, env);
    cleanups.push(() => server.kill("SIGKILL"));
    const fistful = testGames.fistful!;
    const ann = new SteadyPlayer("Ann", token("Ann"), fistful, server.url, 20);
    ann.returnBySdk = true;
    cleanups.push(() => ann.stop());
    const table = await ann.create({ game: "fistful", seats: 2, bots: [1] });
    const room = ann.room!;
    // The web client's tries last ~7 s; a loaded CI machine may take longer than that to restart.
    room.reconnection.maxRetries = 60;
    // And its game reaches the kill within a second, under the SDK's least uptime for a reconnection.
    room.reconnection.minUptime = 0;
    await ann.until(() => ann.maxSeen >= 8, "version 8");
    const sessionId = room.sessionId;
    const given = room.reconnectionToken.split(":")[1]!;

    await server.kill("SIGKILL");
    const seen = ann.maxSeen;
    const rejoins = ann.rejoinedAt.length;
    server = await startServer(port, env);
    await ann.until(() => ann.rejoinedAt.length > rejoins, "Ann back by the SDK's reconnection", 60_000);
    // The same SDK room, brought back by its own reconnection: no join by id was asked for.
    expect(ann.sdkReturns).toBe(1);
    expect(ann.rejoinAttempts).toBe(0);
    expect(ann.room).toBe(room);
    expect(ann.seat).toBe(0);
    expect(ann.rejoinedAt.at(-1)!, "an accepted move was lost").toBeGreaterThanOrEqual(seen);
    // Her seat's token for the session is the one she was given before the crash.
    expect(room.reconnectionToken.split(":")[1]).toBe(given);

    // Someone else's tries: a token one character off, her token with another session, a made-up one.
    const forged = `${given.slice(0, -1)}${given.endsWith("A") ? "B" : "A"}`;
    expect(await tryReturn(port, table, sessionId, forged)).toBe(FAILED_TO_RECONNECT);
    expect(await tryReturn(port, table, "anotherSession", given)).toBe(FAILED_TO_RECONNECT);
    expect(await tryReturn(port, table, sessionId, "x".repeat(43))).toBe(FAILED_TO_RECONNECT);

    // Ann keeps her seat and plays on; the game ends exactly as it would have without the crash.
    await ann.until(() => ann.latest?.status === "finished", "the end", 60_000);
    expect(ann.room).toBe(room);
    const answer = await fetch(`http://127.0.0.1:${port}/api/matches/${table}`);
    const stored = (await answer.json()) as MatchDetail;
    const expected = deterministicRun(fistful, stored.seed, 2, stored.options, [1]);
    expect(stored.actions.map((a) => ({ seat: a.seat, action: a.action }))).toEqual(expected.actions);
    expect(stored.scores).toEqual(expected.scores);
    // 16 s on a quiet machine; 70 and 80 s on CI beside the browser tests (a restart there took 10 s and more).
  }, 240_000);
});
