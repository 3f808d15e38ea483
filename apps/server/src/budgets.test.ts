/**
 * Budgets that follow people and addresses: unit checks of the buckets, and a server with tight
 * creation and matchmaking budgets (issue #9: table creation was unlimited, and every create
 * left a row behind).
 */
import type { IncomingMessage } from "node:http";
import { CloseCode } from "@colyseus/core";
import type { ColyseusTestServer } from "@colyseus/testing";
import { TABLE_ROOM, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { Budgets, DEFAULT_BUDGETS } from "./budgets.ts";
import { addressOf } from "./http-guard.ts";
import { KeyedBuckets } from "./rate-limit.ts";
import { bootTestServer, httpBase, token } from "./test-support.ts";

describe("keyed buckets", () => {
  it("charge each key on its own, and refill with time", () => {
    const buckets = new KeyedBuckets({ perSecond: 1, burst: 2 });
    expect([buckets.take("a", 0), buckets.take("a", 0), buckets.take("a", 0)]).toEqual([true, true, false]);
    expect(buckets.take("b", 0)).toBe(true);
    expect(buckets.take("a", 1000)).toBe(true);
    expect(buckets.take("a", 1000)).toBe(false);
  });

  it("stay within their memory bound when keys are invented, forgetting refilled ones first", () => {
    const buckets = new KeyedBuckets({ perSecond: 1, burst: 1 }, 100);
    for (let i = 0; i < 10_000; i++) buckets.take(`invented-${i}`, i);
    expect(buckets.size).toBeLessThanOrEqual(100);
  });

  it("a message needs both the person's and the address's budget", () => {
    const budgets = new Budgets({ ...DEFAULT_BUDGETS, messages: { perSecond: 1, burst: 5 }, messagesPerAddress: { perSecond: 1, burst: 8 } });
    const sent = (person: string) => Array.from({ length: 10 }, () => budgets.message(person, "10.0.0.1", 0)).filter(Boolean).length;
    expect(sent("ann")).toBe(5);
    // Another token at the same address gets what is left of the address's budget.
    expect(sent("bob")).toBe(3);
    expect(budgets.message("cy", "10.0.0.2", 0)).toBe(true);
  });
});

describe("the client's address", () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } }) as unknown as IncomingMessage;

  it("is the peer, unless a trusted proxy appended the real one", () => {
    expect(addressOf(request("10.1.1.1", "6.6.6.6"), false)).toBe("10.1.1.1");
    // Behind a proxy: the last hop is the one the proxy wrote; earlier ones are the client's own claims.
    expect(addressOf(request("127.0.0.1", "6.6.6.6, 203.0.113.9"), true)).toBe("203.0.113.9");
    expect(addressOf(request("127.0.0.1"), true)).toBe("127.0.0.1");
  });
});

describe("a server with tight matchmaking budgets", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    colyseus = await bootTestServer({
      budgets: {
        createsPerPerson: { perSecond: 0.001, burst: 2 },
        createsPerAddress: { perSecond: 0.001, burst: 4 },
        matchmakePerAddress: { perSecond: 0.001, burst: 12 },
      },
    });
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  const create = (who: string) =>
    colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: who }).then(
      async (room) => {
        await room.leave(true);
        return "created";
      },
      (error: unknown) => joinErrorCode(error) ?? String(error),
    );

  it("limits tables per person, then per address, then every matchmaking request per address", async () => {
    const ann = token("ann");
    expect([await create(ann), await create(ann), await create(ann)]).toEqual(["created", "created", "RATE_LIMITED"]);
    // Other people at the same address share its budget of 4 create requests (Ann's refused
    // third one counted too): one more, then refused.
    expect([await create(token("bob")), await create(token("cy"))]).toEqual(["created", "RATE_LIMITED"]);
    // 12 matchmaking requests per address in all: the rest is refused before it reaches a room.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${httpBase(colyseus)}/matchmake/joinById/nope`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(joinErrorCode(((await refused.json()) as { error: string }).error)).toBe("RATE_LIMITED");
  });
});

describe("reconnection tries by token at a server with a tight matchmaking budget", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    colyseus = await bootTestServer({ budgets: { matchmakePerAddress: { perSecond: 0.001, burst: 3 } } });
  });
  afterAll(async () => {
    await colyseus.shutdown();
  });

  /** One WebSocket as the SDK opens it to come back; resolves with its close code. */
  const tryReturn = (tableId: string) =>
    new Promise<number>((resolve, reject) => {
      const port = (colyseus.server as unknown as { port: number }).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/anyprocess/${tableId}?sessionId=someSession&reconnectionToken=${"x".repeat(43)}&skipHandshake=1`);
      socket.on("message", () => undefined);
      socket.once("close", (code) => resolve(code));
      socket.once("error", reject);
    });

  it("counts each try against the address before anything waits for its table, as a matchmaking request", async () => {
    // Three made-up tries at tables this process does not have: each refused as Colyseus refuses an unknown token…
    for (const table of ["noSuchTableA", "noSuchTableB", "noSuchTableC"]) expect(await tryReturn(table)).toBe(CloseCode.FAILED_TO_RECONNECT);
    // …and each counted: the address's budget of 3 is spent, so its next matchmaking request is refused.
    const answer = await fetch(`${httpBase(colyseus)}/matchmake/joinById/nope`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(answer.status).toBe(429);
  });
});
