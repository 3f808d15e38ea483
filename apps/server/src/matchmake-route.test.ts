/**
 * matchmake-route.ts: matchmaking requests of the common shape are answered without Colyseus's
 * web Request round trip, with the same answers; every body the route reads is answered by it
 * (never handed on half-read: the first try's two failures, docs/recovery.md); the rest reach
 * Colyseus's own route unread.
 */
import { type IncomingHttpHeaders, type IncomingMessage, type Server as HttpServer, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { matchMaker } from "@colyseus/core";
import type { ColyseusTestServer } from "@colyseus/testing";
import { type HealthStatus, LOBBY_ROOM, TABLE_ROOM, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_OPTIONS_DEPTH, answerMatchmaking, nestedDeeperThan } from "./matchmake-route.ts";
import { bootTestServer, httpBase, record, sleep, token } from "./test-support.ts";

let colyseus: Awaited<ReturnType<typeof bootTestServer>>;
let base: string;
/** The paths of the requests that reached Colyseus's listeners (the route answers the others itself). */
const reachedColyseus: string[] = [];
beforeAll(async () => {
  colyseus = await bootTestServer();
  base = httpBase(colyseus);
  const server = (colyseus.saloon.transport as unknown as { server: HttpServer }).server;
  server.prependListener("request", (req: IncomingMessage) => reachedColyseus.push(req.url ?? ""));
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await (colyseus as ColyseusTestServer).cleanup();
  reachedColyseus.length = 0;
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** `error` of a JSON body, and the JoinErrorCode it starts with. */
  error: string | undefined;
  code: string | null;
}

/**
 * One raw HTTP request. `parts` are written `gapMs` apart; `cut` closes the connection after the
 * last one instead of waiting for the answer (null then).
 */
function send(url: string, path: string, options: { method?: string; headers?: Record<string, string | number>; parts?: string[]; gapMs?: number; cut?: boolean; beforeLast?: () => void } = {}): Promise<Answer | null> {
  const parts = options.parts ?? [];
  const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(parts.join("")), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: options.method ?? "POST", headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        let error: string | undefined;
        try {
          error = (JSON.parse(text) as { error?: string }).error;
        } catch {
          // not JSON: error stays undefined
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, error, code: error === undefined ? null : joinErrorCode(error) });
      });
    });
    req.on("error", (error) => (options.cut ? resolve(null) : reject(error)));
    void (async () => {
      for (let i = 0; i < parts.length; i++) {
        if (i > 0 && options.gapMs) await sleep(options.gapMs);
        if (i === parts.length - 1) options.beforeLast?.();
        req.write(parts[i]);
      }
      if (options.cut) {
        await sleep(options.gapMs ?? 20);
        req.destroy();
        resolve(null);
      } else {
        req.end();
      }
    })();
  });
}

const post = (path: string, body: string, headers: Record<string, string | number> = {}) => send(base, path, { parts: body === "" ? [] : [body], headers }) as Promise<Answer>;

const CORS = ["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers", "access-control-allow-credentials", "access-control-max-age"];

/** The server still answers, and a real SDK client still gets a table through the route. */
async function stillServing(): Promise<void> {
  const health = (await (await fetch(`${base}/health`)).json()) as HealthStatus;
  expect(health.status).toBe("ok");
  const before = reachedColyseus.length;
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Ann", token: token("ann") }));
  // Seated by the route and playing: the table started (a person and a bot), not just a reply.
  expect(ann.seat).toBe(0);
  await ann.until(() => ann.latest.status === "playing", "the table's start");
  expect(reachedColyseus.slice(before).filter((path) => path.startsWith("/matchmake/"))).toEqual([]);
  await ann.room.leave();
}

describe("matchmaking without the web Request round trip", () => {
  it("seats real SDK clients through the route, and Colyseus's route never sees their requests", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
    const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
    await bob.until(() => bob.latest.status === "playing", "the start with Bob seated");
    expect(bob.seat).toBe(1);
    // Typed refusals from our admission (onAuth) reach the SDK as before.
    await expect(colyseus.sdk.joinById(ann.room.roomId, { name: "Cy", token: token("cy") })).rejects.toThrow(/^TABLE_FULL:/);
    await expect(colyseus.sdk.create(TABLE_ROOM, { game: "poker", seats: 2, name: "Cy", token: token("cy") })).rejects.toThrow(/^(BAD_OPTIONS|UNKNOWN_GAME):/);
    expect(reachedColyseus.filter((path) => path.startsWith("/matchmake/"))).toEqual([]);
  });

  it("answers exactly as Colyseus's route does: status, { code, error }, CORS headers", async () => {
    // `application/vnd.x+json` is JSON to better-call but not taken by the route: the same body
    // answered by both.
    const cases: [string, string][] = [
      ["/matchmake/joinById/nope", "{}"],
      [`/matchmake/create/${TABLE_ROOM}`, '{"game":"poker","seats":2}'],
      [`/matchmake/join/${TABLE_ROOM}`, "{}"],
      [`/matchmake/create/${LOBBY_ROOM}`, "{}"],
      ["/matchmake/create/zzz", "{}"],
    ];
    for (const [path, body] of cases) {
      const direct = await post(path, body, { origin: "https://example.test" });
      const colyseusOwn = await post(path, body, { origin: "https://example.test", "content-type": "application/vnd.x+json" });
      expect(reachedColyseus).toEqual([path]);
      reachedColyseus.length = 0;
      expect([path, direct.status, JSON.parse(direct.text)]).toEqual([path, colyseusOwn.status, JSON.parse(colyseusOwn.text)]);
      expect(direct.status).toBeGreaterThanOrEqual(500);
      expect(direct.headers["content-type"]).toBe("application/json");
      for (const name of CORS) expect([name, direct.headers[name]]).toEqual([name, colyseusOwn.headers[name]]);
      expect(direct.headers["access-control-allow-origin"]).toBe("https://example.test");
    }
  });

  it("reserves a seat the SDK can take from a raw request, with Colyseus's reservation fields", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
    const reserved = await post(`/matchmake/joinById/${ann.room.roomId}`, JSON.stringify({ name: "Bob", token: token("bob") }));
    expect(reserved.status).toBe(200);
    expect(Number(reserved.headers["content-length"])).toBe(Buffer.byteLength(reserved.text));
    const reservation = JSON.parse(reserved.text) as Parameters<typeof colyseus.sdk.consumeSeatReservation>[0];
    expect(reservation).toMatchObject({ name: TABLE_ROOM, roomId: ann.room.roomId, sessionId: expect.any(String) });
    const bob = await record("bob", colyseus.sdk.consumeSeatReservation(reservation));
    await bob.until(() => bob.latest.status === "playing", "the start with Bob seated");
  });
});

describe("every body the route reads is answered by the route", () => {
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

  it("counts nesting outside strings only", () => {
    expect(nestedDeeperThan(deepObject(16), 16)).toBe(false);
    expect(nestedDeeperThan(deepObject(17), 16)).toBe(true);
    expect(nestedDeeperThan(`{"a":"${"[".repeat(100)}","b":"\\"[[[[","c":[[1]]}`, 3)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\\\",${"[".repeat(3)}`, 3)).toBe(true);
  });

  it.each([
    ["a deep object (the first try's timeout)", deepObject(2500), 400, "BAD_REQUEST"],
    ["a deep array (the first try's stack overflow)", deepArray(5000), 400, "BAD_REQUEST"],
    [`an object ${MAX_OPTIONS_DEPTH + 1} deep`, `{"game":"fistful","x":${deepObject(MAX_OPTIONS_DEPTH)}}`, 400, "BAD_REQUEST"],
    [`an object ${MAX_OPTIONS_DEPTH} deep, which the matchmaker judges`, `{"game":"fistful","x":${deepObject(MAX_OPTIONS_DEPTH - 1)}}`, 526, "BAD_OPTIONS"],
    ["an array", "[]", 400, "BAD_OPTIONS"],
    ["null", "null", 400, "BAD_OPTIONS"],
    ["a string", '"fistful"', 400, "BAD_OPTIONS"],
    ["text that is not JSON", "{not json", 400, "BAD_REQUEST"],
    ["nothing but spaces", "   ", 400, "BAD_REQUEST"],
  ])("%s: typed, and the server goes on", async (_, body, status, code) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(16 * 1024);
    const answer = await post(`/matchmake/create/${TABLE_ROOM}`, body);
    expect([answer.status, answer.code]).toEqual([status, code]);
    expect(JSON.parse(answer.text)).toMatchObject({ code: status });
    expect(reachedColyseus).toEqual([]);
    await stillServing();
  });

  it("a body over 16 KiB is refused from its declared length, unread (the guard)", async () => {
    const answer = await post(`/matchmake/create/${TABLE_ROOM}`, `{"pad":"${"x".repeat(20_000)}"}`);
    expect([answer.status, answer.code]).toEqual([413, "BAD_REQUEST"]);
    await stillServing();
  });

  it("a body sent slowly and cut off is dropped; one sent slowly and finished is answered", async () => {
    const body = JSON.stringify({ game: "fistful", seats: 2, name: "Slow", token: token("slow") });
    expect(await send(base, `/matchmake/create/${TABLE_ROOM}`, { parts: [body.slice(0, 10), body.slice(10, 20)], gapMs: 50, cut: true, headers: { "content-length": body.length } })).toBeNull();
    const slow = await send(base, `/matchmake/create/${TABLE_ROOM}`, { parts: [body.slice(0, 10), body.slice(10)], gapMs: 100 });
    expect(slow?.status).toBe(200);
    expect(reachedColyseus).toEqual([]);
    await stillServing();
  });

  it("leaves other content types and empty bodies to Colyseus, unread, which answers them typed as before", async () => {
    const plain = await post(`/matchmake/create/${TABLE_ROOM}`, "{}", { "content-type": "text/plain" });
    expect([plain.status, plain.code]).toEqual([526, "BAD_OPTIONS"]);
    const form = await post(`/matchmake/create/${TABLE_ROOM}`, "game=fistful&seats=2", { "content-type": "application/x-www-form-urlencoded" });
    expect([form.status, form.code]).toEqual([526, "BAD_OPTIONS"]);
    const empty = await post(`/matchmake/create/${TABLE_ROOM}`, "");
    expect([empty.status, empty.code]).toEqual([526, "BAD_OPTIONS"]);
    const unknownMethod = await post(`/matchmake/bogus/${TABLE_ROOM}`, "{}");
    expect(unknownMethod.status).toBe(520);
    expect(reachedColyseus).toEqual([`/matchmake/create/${TABLE_ROOM}`, `/matchmake/create/${TABLE_ROOM}`, `/matchmake/create/${TABLE_ROOM}`, `/matchmake/bogus/${TABLE_ROOM}`]);
    await stillServing();
  });

  it("while the matchmaker shuts down, answers 503 as Colyseus's route does, even for a body that was arriving", async () => {
    // hotReload is the matchmaker's own way in and out of SHUTTING_DOWN. Left alone it is back
    // to READY 50 ms later, which a loaded machine can take to carry one request (the test
    // failed now and then beside busy cores): its last step, the driver's cleanup, waits here
    // until both answers are in, so the window holds however slow the machine is.
    const reload = () => (matchMaker as unknown as { hotReload(): Promise<void> }).hotReload();
    const driver = matchMaker.driver as unknown as { cleanup(processId: string): Promise<unknown> };
    const cleanup = driver.cleanup;
    let answered!: () => void;
    const bothAnswered = new Promise<void>((resolve) => (answered = resolve));
    driver.cleanup = async (processId: string) => {
      await bothAnswered;
      return cleanup.call(driver, processId);
    };
    let reloading: Promise<void> | undefined;
    let colyseusOwn: Promise<Answer> | undefined;
    // The body's last part and a request of its own go out the moment the shutdown begins.
    const arriving = send(base, "/matchmake/joinById/nope", {
      parts: ['{"name"', ':"Ann"}'],
      gapMs: 50,
      beforeLast: () => {
        reloading = reload();
        colyseusOwn = post("/matchmake/joinById/nope", "{}");
      },
    });
    let direct: Answer;
    let own: Answer;
    try {
      direct = (await arriving)!;
      own = (await colyseusOwn)!;
    } finally {
      answered();
      await reloading;
      driver.cleanup = cleanup;
    }
    expect(reachedColyseus).toEqual(["/matchmake/joinById/nope"]);
    expect([direct.status, direct.text, direct.headers["content-type"]]).toEqual([503, "", "application/json"]);
    expect([own.status, own.text, own.headers["content-type"]]).toEqual([503, "", "application/json"]);
    for (const name of CORS) expect([name, direct.headers[name]]).toEqual([name, own.headers[name]]);
    await stillServing();
  });
});

describe("the route's own bounds, without the guard in front", () => {
  let bare: HttpServer;
  let bareBase: string;
  /** What reached the listener behind the route, with the body it could still read. */
  const handedOn: { path: string; body: string }[] = [];
  beforeAll(async () => {
    bare = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        handedOn.push({ path: req.url ?? "", body });
        res.end("behind");
      });
    });
    answerMatchmaking(bare, { transport: {}, onError: () => undefined, maxBodyBytes: 64, bodyTimeoutMs: 200 });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => bare.close(resolve));
  });

  it("stops reading beyond its limit with a typed 413 and closes the connection", async () => {
    const answer = await send(bareBase, "/matchmake/create/table", { parts: [`{"pad":"${"x".repeat(100)}"}`] });
    expect([answer?.status, answer?.code, answer?.headers.connection]).toEqual([413, "BAD_REQUEST", "close"]);
    expect(handedOn).toEqual([]);
  });

  it("answers a body that never finishes with a typed 408 and closes the connection", async () => {
    const answer = await send(bareBase, "/matchmake/create/table", { parts: ['{"game":'], headers: { "content-length": 30 } });
    expect([answer?.status, answer?.code, answer?.headers.connection]).toEqual([408, "BAD_REQUEST", "close"]);
    expect(handedOn).toEqual([]);
  });

  it("hands what it does not take on with its body unread", async () => {
    await send(bareBase, "/matchmake/create/table", { parts: ["{}"], headers: { "content-type": "text/plain" } });
    await send(bareBase, "/matchmake/create/table?x=1", { parts: ["{}"] });
    await send(bareBase, "/api/games", { method: "GET" });
    expect(handedOn).toEqual([
      { path: "/matchmake/create/table", body: "{}" },
      { path: "/matchmake/create/table?x=1", body: "{}" },
      { path: "/api/games", body: "" },
    ]);
  });
});
