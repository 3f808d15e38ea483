/**
 * Table chat (issue #15 item 4) through the real server with real SDK clients: what people
 * write reaches everyone at the table as plain text with its writer and move; spectators read
 * it and write only where the table allows; too long, too fast, empty or malformed messages get
 * typed refusals and change nothing; late joiners get the recent chat; every line is stored
 * with the match and served with its replay. (Chat across a crash: crash-undo-chat.test.ts.)
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { type ChatMessage, type MatchDetail, MAX_CHAT_LENGTH, TABLE_ROOM } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_RATE } from "./table-chat.ts";
import { hiddenHands } from "./test-games/hidden-hands.ts";
import { type Recorder, autoPlay, bootTestServer, httpBase, record, sleep, token } from "./test-support.ts";

let colyseus: ColyseusTestServer & { store: import("@saloon/db").MatchStore };
beforeAll(async () => {
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } });
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

const untilChat = (client: Recorder, count: number) => client.until(() => client.chatLines().length >= count && client.chatLines(), `${count} chat lines`);

/** Ann and Bob at a two-seat Hidden Hands table (it starts at once), and Cy watching. */
async function table(options: { spectatorChat?: boolean } = {}) {
  const annToken = token("Ann");
  const ann = await record("Ann", colyseus.sdk.create(TABLE_ROOM, { game: hiddenHands.id, seats: 2, name: "Ann", token: annToken, ...options }));
  const bob = await record("Bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("Bob") }));
  const cy = await record("Cy", colyseus.sdk.joinById(ann.room.roomId, { spectate: true, name: "Cy", token: token("Cy") }));
  await ann.until(() => ann.latest.status === "playing", "the start");
  return { ann, bob, cy, annToken, tableId: ann.room.roomId };
}

describe("table chat", () => {
  it("reaches everyone at the table, spectators too, as text with its writer, seat and move", async () => {
    const { ann, bob, cy } = await table();
    const hostile = "<img src=x onerror=alert(1)> & <b>bold</b>";
    ann.room.send("chat", { text: `  hello\u0007 there\n\u202Eeveryone  ` });
    bob.room.send("chat", { text: hostile });
    for (const client of [ann, bob, cy]) await untilChat(client, 2);
    const [first, second] = cy.chatLines();
    expect(first).toMatchObject({ index: 0, seat: 0, name: "Ann", move: 0, text: "hello there everyone" });
    // Markup is only text: it arrives exactly as written, neither stripped nor turned into entities.
    expect(second).toMatchObject({ index: 1, seat: 1, name: "Bob", move: 0, text: hostile });
    expect(Math.abs(second!.at - Date.now())).toBeLessThan(10_000);
    expect(ann.chatLines()).toEqual(cy.chatLines());
    expect(bob.chatLines()).toEqual(cy.chatLines());
    // Nothing but who, when and what: no game information rides along.
    expect(Object.keys(first!).sort()).toEqual(["at", "index", "move", "name", "seat", "text"]);
  });

  it("lets spectators read only, unless the table allows them to write", async () => {
    const closed = await table();
    const told = (client: Recorder) => (client.messages.find((m) => m.type === "chat")?.payload as ChatMessage).mayWrite;
    expect([told(closed.ann), told(closed.bob), told(closed.cy)]).toEqual([true, true, false]);
    const refusal = closed.cy.nextError();
    closed.cy.room.send("chat", { text: "may I?" });
    expect((await refusal).code).toBe("CHAT_CLOSED");
    closed.ann.room.send("chat", { text: "after the refusal" });
    await untilChat(closed.cy, 1);
    expect(closed.cy.chatLines().map((line) => line.text)).toEqual(["after the refusal"]);

    const open = await table({ spectatorChat: true });
    expect(told(open.cy)).toBe(true);
    open.cy.room.send("chat", { text: "hello from the rail" });
    await untilChat(open.ann, 1);
    expect(open.ann.chatLines()[0]).toMatchObject({ seat: null, name: "Cy", text: "hello from the rail" });
    // A spectator who gave no name writes as "Spectator".
    const anonymous = await record("anon", colyseus.sdk.joinById(open.tableId, { spectate: true }));
    anonymous.room.send("chat", { text: "me too" });
    await untilChat(open.ann, 2);
    expect(open.ann.chatLines()[1]).toMatchObject({ seat: null, name: "Spectator", text: "me too" });
  });

  it("refuses too long, empty and malformed messages with typed errors, and the table goes on", async () => {
    const { ann, bob } = await table();
    const cases: [unknown, string][] = [
      [{ text: "x".repeat(MAX_CHAT_LENGTH + 1) }, "CHAT_TOO_LONG"],
      [{ text: "🐎".repeat(MAX_CHAT_LENGTH + 1) }, "CHAT_TOO_LONG"],
      // Longer than any cleaning could shorten to the limit (frames past 16 KB are closed by the transport: guards.test.ts).
      [{ text: "y".repeat(10_000) }, "CHAT_TOO_LONG"],
      [{ text: " \n\t\u200B " }, "BAD_MESSAGE"],
      [{ text: 42 }, "BAD_MESSAGE"],
      [{ text: "hi", html: "<b>" }, "BAD_MESSAGE"],
      ["hi", "BAD_MESSAGE"],
      [null, "BAD_MESSAGE"],
    ];
    for (const [payload, code] of cases) {
      const refusal = ann.nextError();
      ann.room.send("chat", payload);
      const label = String(JSON.stringify(payload)).slice(0, 40);
      expect((await refusal.catch(() => ({ code: `nothing for ${label}` }))).code, label).toBe(code);
    }
    // Exactly the longest allowed (in characters, emoji count as one) goes through.
    ann.room.send("chat", { text: "🐎".repeat(MAX_CHAT_LENGTH) });
    await untilChat(bob, 1);
    expect([...bob.chatLines()[0]!.text]).toHaveLength(MAX_CHAT_LENGTH);
    expect(bob.chatLines()[0]!.index).toBe(0);
  });

  it("limits each person's rate; the others can still talk", async () => {
    const { ann, bob, cy, annToken, tableId } = await table({ spectatorChat: true });
    for (let i = 0; i < CHAT_RATE.burst; i++) ann.room.send("chat", { text: `line ${i}` });
    await untilChat(cy, CHAT_RATE.burst);
    const refusal = ann.nextError();
    ann.room.send("chat", { text: "one too many" });
    expect((await refusal).code).toBe("CHAT_TOO_FAST");
    bob.room.send("chat", { text: "I can still talk" });
    await untilChat(cy, CHAT_RATE.burst + 1);
    expect(cy.chatLines().map((line) => line.text)).toEqual([...Array.from({ length: CHAT_RATE.burst }, (_, i) => `line ${i}`), "I can still talk"]);
    // Another connection with the same identity spends the same budget.
    const again = await record("Ann again", colyseus.sdk.joinById(tableId, { spectate: true, name: "Ann", token: annToken }));
    const refusedAgain = again.nextError();
    again.room.send("chat", { text: "from my phone" });
    expect((await refusedAgain).code).toBe("CHAT_TOO_FAST");
  });

  it("shows a line to nobody, late joiners included, before it is stored", async () => {
    const { ann, bob, cy, tableId } = await table();
    // The writer stores lines with a raw statement (action-writer.ts): hold it until released.
    const prisma = colyseus.store.prisma;
    // Put back as it was, unbound: a transaction's client reads the method off this one and calls
    // it as its own (bound to this client, a finish's statements would run outside their transaction).
    const original = prisma.$queryRawUnsafe;
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    let storing = 0;
    (prisma as { $queryRawUnsafe: unknown }).$queryRawUnsafe = ((text: string, ...values: unknown[]) =>
      (async () => {
        if (text.includes(`INSERT INTO "MatchChat"`)) {
          storing += 1;
          await held;
        }
        return original.call(prisma, text, ...values);
      })()) as typeof prisma.$queryRawUnsafe;
    try {
      ann.room.send("chat", { text: "not yet" });
      for (let waited = 0; storing === 0 && waited < 5000; waited += 10) await sleep(10);
      const late = await record("late", colyseus.sdk.joinById(tableId, { spectate: true }));
      await late.until(() => late.messages.some((m) => m.type === "chat"), "the chat history");
      expect(storing).toBe(1);
      for (const client of [ann, bob, cy, late]) expect(client.chatLines(), client.label).toEqual([]);
      release();
      for (const client of [ann, bob, cy]) await untilChat(client, 1);
      expect((await prisma.matchChat.findMany({ where: { matchId: tableId } })).map((row) => row.text)).toEqual(["not yet"]);
    } finally {
      release();
      (prisma as { $queryRawUnsafe: unknown }).$queryRawUnsafe = original;
    }
  });

  it("gives late joiners the recent chat in full", async () => {
    const { ann, bob, tableId } = await table();
    ann.room.send("chat", { text: "first" });
    bob.room.send("chat", { text: "second" });
    await untilChat(ann, 2);
    const late = await record("late", colyseus.sdk.joinById(tableId, { spectate: true }));
    await untilChat(late, 2);
    expect(late.chatLines().map((line) => [line.name, line.text])).toEqual([
      ["Ann", "first"],
      ["Bob", "second"],
    ]);
    expect(late.messages.find((m) => m.type === "chat")?.payload).toMatchObject({ replace: true });
  });

  it("stores every line with the match, by move, after the end too, and serves it with the replay", async () => {
    const { ann, bob, tableId } = await table();
    ann.room.send("chat", { text: "good luck" });
    await untilChat(bob, 1);
    const stopAnn = autoPlay(ann, hiddenHands);
    const stopBob = autoPlay(bob, hiddenHands);
    await bob.untilVersion(2);
    bob.room.send("chat", { text: "nice card" });
    await untilChat(ann, 2);
    await ann.until(() => ann.latest.status === "finished", "the end", 15_000);
    stopAnn();
    stopBob();
    const moveOfSecond = ann.chatLines()[1]!.move;
    expect(moveOfSecond).toBeGreaterThanOrEqual(2);
    // After the end the table stays a while, and its chat with it: stored (no longer owned), then shown.
    ann.room.send("chat", { text: "gg" });
    await untilChat(bob, 3);
    expect(bob.left).toBeNull();

    let detail: MatchDetail | null = null;
    for (let attempt = 0; attempt < 50 && !detail?.chat?.length; attempt++) {
      const answer = await fetch(`${httpBase(colyseus)}/api/matches/${tableId}`);
      if (answer.ok) detail = (await answer.json()) as MatchDetail;
      if (!detail?.chat?.length || detail.chat.length < 2) await new Promise((done) => setTimeout(done, 100));
    }
    expect(detail!.chat.map((line) => ({ seat: line.seat, name: line.name, move: line.move, text: line.text }))).toEqual([
      { seat: 0, name: "Ann", move: 0, text: "good luck" },
      { seat: 1, name: "Bob", move: moveOfSecond, text: "nice card" },
      { seat: 0, name: "Ann", move: ann.latest.version, text: "gg" },
    ]);
    expect(detail!.chat.map((line) => line.at)).toEqual(ann.chatLines().map((line) => line.at));
  });
});
