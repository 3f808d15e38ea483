/**
 * matchmake-route.ts: matchmaking requests of the common shape are answered without Colyseus's
 * web Request round trip, with the same answers; the rest still reach Colyseus's own route.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { TABLE_ROOM, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootTestServer, httpBase, record, token } from "./test-support.ts";

let colyseus: ColyseusTestServer & { store: import("@saloon/db").MatchStore };
let base: string;
beforeAll(async () => {
  colyseus = await bootTestServer();
  base = httpBase(colyseus);
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

async function post(path: string, body: string, contentType = "application/json", origin?: string) {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": contentType, ...(origin ? { origin } : {}) }, body });
  return {
    status: response.status,
    body: (await response.json()) as { code?: number; error?: string; sessionId?: string; roomId?: string; name?: string },
    headers: response.headers,
  };
}

const CORS = ["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers", "access-control-allow-credentials", "access-control-max-age"];

describe("matchmaking without the web Request round trip", () => {
  it("answers a refusal as Colyseus's own route does: its code as the status, { code, error }, the same CORS headers", async () => {
    // An object body takes the direct path (its answer has a length); an array body goes on to
    // Colyseus's route (chunked). For an unknown id both end in the same refusal.
    const direct = await post("/matchmake/joinById/nope", "{}", "application/json", "https://example.test");
    const colyseusOwn = await post("/matchmake/joinById/nope", "[]", "application/json", "https://example.test");
    expect(direct.headers.get("content-length")).not.toBeNull();
    expect(colyseusOwn.headers.get("transfer-encoding")).toBe("chunked");
    expect(direct.status).toBe(colyseusOwn.status);
    expect(direct.body).toEqual(colyseusOwn.body);
    expect(direct.body.error).toContain("nope");
    expect(direct.headers.get("content-type")).toMatch(/json/);
    for (const name of CORS) expect([name, direct.headers.get(name)]).toEqual([name, colyseusOwn.headers.get(name)]);
    expect(direct.headers.get("access-control-allow-origin")).toBe("https://example.test");
  });

  it("reserves a seat the SDK can take, and our admission still refuses what it refused", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
    const bobToken = token("bob");
    const reserved = await post(`/matchmake/joinById/${ann.room.roomId}`, JSON.stringify({ name: "Bob", token: bobToken }));
    expect(reserved.status).toBe(200);
    expect(reserved.headers.get("content-length")).not.toBeNull();
    expect(reserved.body).toMatchObject({ name: TABLE_ROOM, roomId: ann.room.roomId });
    const bob = await record("bob", colyseus.sdk.consumeSeatReservation(reserved.body as Parameters<typeof colyseus.sdk.consumeSeatReservation>[0]));
    await bob.until(() => bob.latest.status === "playing", "the start with Bob seated");
    // The table is full now: a third person is refused by admission (onAuth), typed, on the direct path.
    const refused = await post(`/matchmake/joinById/${ann.room.roomId}`, JSON.stringify({ name: "Cy", token: token("cy") }));
    expect(refused.headers.get("content-length")).not.toBeNull();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(joinErrorCode(refused.body.error)).toBe("TABLE_FULL");
  });

  it("leaves what it does not take to Colyseus: a malformed body, another content type, another method", async () => {
    const malformed = await post("/matchmake/joinById/nope", "{oops");
    expect(malformed.status).toBe(400);
    const unknownMethod = await post("/matchmake/bogus/table", "{}");
    expect(unknownMethod.body.error).toContain("bogus");
    expect(unknownMethod.headers.get("transfer-encoding")).toBe("chunked");
  });
});
