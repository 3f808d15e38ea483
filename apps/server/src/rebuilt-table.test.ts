/**
 * A table rebuilt after a restart or crash, before its people are back: its bots wait for them
 * (nothing moves at a table nobody can see), and a reservation for it survives the burst of a
 * whole server's people coming back at once (it waits RECOVERY_RESERVATION_SECONDS for its
 * connection instead of the usual few seconds).
 */
import { ClientState, Protocol, matchMaker } from "@colyseus/core";
import { WebSocket } from "ws";
import { TableOwnership, hashToken } from "@saloon/db";
import { type ActionBase, type Seat, createRandom, replay } from "@saloon/engine";
import { decodeActed, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sharedEncodingBuffers } from "./table-encoding.ts";
import { rebuildsUnderWay } from "./table-keeper.ts";
import { seatReturnToken } from "./seat-return.ts";
import { RECOVERY_RESERVATION_SECONDS, type TableRoom } from "./table-room.ts";
import { reservations } from "./table-room-seating.ts";
import { type Recorder, bootTestServer, record, sleep, testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;
const BOT_DELAY_MS = 20;

describe("a table rebuilt from the store", () => {
  let colyseus: Awaited<ReturnType<typeof bootTestServer>>;
  beforeAll(async () => {
    // Reservations normally wait 1 s for their connection here.
    colyseus = await bootTestServer({ botDelayMs: BOT_DELAY_MS, seatReservationSeconds: 1 });
  });
  afterAll(async () => {
    await colyseus?.shutdown();
  });

  /**
   * A Fistful game (a person on seat 0, a bot on seat 1) stored as running on a process that
   * died, stopped where the bot owes the next decision; this server then takes it over.
   */
  async function storedGameAtTheBotsTurn(id: string, personToken: string): Promise<{ seat: Seat; action: ActionBase }[]> {
    const options = fistful.parseOptions(undefined);
    const seed = `rebuilt-${id}`;
    let state = fistful.setup(seed, 2, options);
    const actions: { index: number; seat: Seat; action: ActionBase; at: Date }[] = [];
    while (actions.length < 3 || fistful.prompts(state)[0]!.seat !== 1) {
      const prompt = fistful.prompts(state)[0]!;
      const action = fistful.bot(fistful.view(state, prompt.seat), prompt, createRandom(`${seed}-${actions.length}`)) as ActionBase;
      const applied = fistful.apply(state, prompt.seat, action);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.state;
      actions.push({ index: actions.length, seat: prompt.seat, action, at: new Date() });
    }
    const match = {
      id,
      game: fistful.id,
      rulesVersion: fistful.rulesVersion,
      options: options as never,
      seed,
      status: "playing" as const,
      createdAt: new Date(),
      seats: [],
      table: { private: false, graceSeconds: 300, seats: 2, bots: [{ seat: 1, name: "Bot 2" }] },
      ownerId: `a-process-that-died-${id}`,
    };
    // Alive while its game is written (so no keeper takes a half-written game), then gone.
    const owner = new TableOwnership(colyseus.store.prisma, match.ownerId);
    await owner.renew(60_000);
    await colyseus.store.startMatch(match, new Date(), [
      { seat: 0, kind: "human", name: "Ann", tokenHash: hashToken(personToken) },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ]);
    for (const action of actions) await colyseus.store.appendAction(id, action);
    await owner.release();
    // Its owner has no lease: this server's keeper takes it over (at its next look, or this one).
    await colyseus.saloon.keeper.scan(true);
    for (let i = 0; i < 100 && !colyseus.getRoomById(id); i++) await sleep(50);
    expect(colyseus.getRoomById(id)).toBeDefined();
    return actions;
  }

  /** A room's two encoding buffers (Colyseus's serializer). */
  function encodingBuffers(id: string): { fullState: Uint8Array; patches: Uint8Array } {
    const serializer = (colyseus.getRoomById(id) as unknown as { _serializer: { fullEncodeBuffer: Uint8Array; encoder: { sharedBuffer: Uint8Array } } })._serializer;
    return { fullState: serializer.fullEncodeBuffer, patches: serializer.encoder.sharedBuffer };
  }

  const storedActions = (id: string) => colyseus.store.prisma.matchAction.count({ where: { matchId: id } });

  it("keeps its bots waiting until one of its people is back, then plays on", async () => {
    const annToken = token("Ann");
    const actions = await storedGameAtTheBotsTurn("rebuiltBotsWait", annToken);
    const stored = actions.length;
    // Many times the bot's delay, and nobody there: the bot has not moved.
    await sleep(BOT_DELAY_MS * 15);
    expect(await storedActions("rebuiltBotsWait")).toBe(stored);
    // It encodes into the buffers every table shares: none of its own (table-encoding.ts).
    expect(encodingBuffers("rebuiltBotsWait").fullState).toBe(sharedEncodingBuffers()!.fullState);
    expect(encodingBuffers("rebuiltBotsWait").patches).toBe(sharedEncodingBuffers()!.patches);
    const warn = vi.spyOn(console, "warn");

    const ann: Recorder = await record("Ann", colyseus.sdk.joinById("rebuiltBotsWait", { name: "Ann", token: annToken }));
    expect(ann.seat).toBe(0);
    const buffers = encodingBuffers("rebuiltBotsWait");
    expect(buffers.fullState).toBe(sharedEncodingBuffers()!.fullState);
    expect(buffers.patches).toBe(sharedEncodingBuffers()!.patches);
    expect(ann.snapshots[0]!.version).toBe(stored);
    // Her seat's own view, which the rebuild left unmade (nobody could see it then), is there in the first state she gets.
    const then = replay(fistful, "rebuilt-rebuiltBotsWait", 2, fistful.parseOptions(undefined), actions);
    expect(decodeView(ann.snapshots[0]!, 0)).toEqual(JSON.parse(JSON.stringify(fistful.view(then, 0))));
    // Her `acted` is the version after her last stored action, as before the restart.
    const annActed = actions.map((action) => action.seat).lastIndexOf(0) + 1;
    expect(annActed).toBeGreaterThan(0);
    expect(decodeActed(ann.snapshots[0]!, 0)).toBe(annActed);
    // Ann is back: the bot answers on its own (Ann sends nothing).
    await ann.until(() => ann.snapshots.at(-1)!.version > stored, "the bot's move after Ann came back", 10_000);
    // The bot's move leaves Ann's `acted` where it was.
    expect(decodeActed(ann.latest, 0)).toBe(annActed);
    expect(await storedActions("rebuiltBotsWait")).toBeGreaterThan(stored);
    // A client without a view (none has one today) would get the full state as a copy of its own,
    // never a slice of the buffer every table writes into.
    const serializer = (colyseus.getRoomById("rebuiltBotsWait") as unknown as { _serializer: { getFullState(client: unknown): Uint8Array } })._serializer;
    const viewless = serializer.getFullState({});
    expect(viewless.length).toBeGreaterThan(1);
    expect(viewless.buffer).not.toBe(sharedEncodingBuffers()!.fullState.buffer);
    await ann.room.leave(true);
    // And a patch: Colyseus would send such a client the changes as a slice of the shared buffer.
    const room = colyseus.getRoomById("rebuiltBotsWait") as unknown as { state: { endReason: string }; _serializer: { applyPatches(clients: unknown[], state: unknown, timing: unknown): boolean } };
    const sent: Uint8Array[] = [];
    const client = { state: ClientState.JOINED, raw: (bytes: Uint8Array) => sent.push(bytes) };
    const reason = room.state.endReason;
    room.state.endReason = "a change to patch";
    expect(room._serializer.applyPatches([client], room.state, undefined)).toBe(true);
    room.state.endReason = reason;
    room._serializer.applyPatches([client], room.state, undefined);
    expect(sent).toHaveLength(2);
    for (const bytes of sent) expect(bytes.buffer).not.toBe(sharedEncodingBuffers()!.patches.buffer);
    // Nothing was encoded into a buffer too small (Colyseus would have grown it, and warned).
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("buffer overflow"))).toEqual([]);
    warn.mockRestore();
  });

  it("keeps its bots waiting, though its person is back, while this process still has tables to rebuild", async () => {
    const annToken = token("Ann");
    const actions = await storedGameAtTheBotsTurn("rebuiltBotsWaitForRest", annToken);
    const stored = actions.length;
    // Another table of this process is still on its way back (as the keeper counts one it claimed).
    rebuildsUnderWay.change(1);
    let arrived = false;
    try {
      const ann: Recorder = await record("Ann", colyseus.sdk.joinById("rebuiltBotsWaitForRest", { name: "Ann", token: annToken }));
      expect(ann.seat).toBe(0);
      await sleep(BOT_DELAY_MS * 15);
      expect(await storedActions("rebuiltBotsWaitForRest")).toBe(stored);
      expect(ann.latest.version).toBe(stored);
      // The last table is back: the bot plays on, with no word from Ann.
      rebuildsUnderWay.change(-1);
      arrived = true;
      await ann.until(() => ann.latest.version > stored, "the bot's move once every table was back", 10_000);
      await ann.room.leave(true);
    } finally {
      if (!arrived) rebuildsUnderWay.change(-1);
    }
  });

  it("takes its person back by their seat's token after a try whose connection was lost, as a join with the handshake", async () => {
    const annToken = token("Ann");
    await storedGameAtTheBotsTurn("rebuiltSecondTry", annToken);
    const room = colyseus.getRoomById("rebuiltSecondTry") as unknown as TableRoom;
    // The token Ann's SDK holds for its session from before the crash.
    const sessionId = "annSessionBeforeTheCrash";
    const given = seatReturnToken(room, sessionId, 0, hashToken(annToken));
    // A first try reserved her seat, and its connection was lost before it joined.
    expect(await room.reserveReturn(sessionId, given)).toBe(true);
    // The SDK tries again, with the same session and token. That is no reconnection of Colyseus's
    // own (which would skip the handshake, and her decoder is of the process that died)…
    expect(room.ownReconnection(sessionId, given)).toBe(false);
    // …and the same reservation serves it: no second one.
    expect(await room.reserveReturn(sessionId, given)).toBe(true);
    expect(Object.keys(reservations(room)).filter((id) => id === sessionId)).toHaveLength(1);

    const port = (colyseus.server as unknown as { port: number }).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/${matchMaker.processId}/rebuiltSecondTry?sessionId=${sessionId}&reconnectionToken=${given}&skipHandshake=1`);
    const first = await new Promise<Buffer>((resolve, reject) => {
      socket.once("message", (data) => resolve(data as Buffer));
      socket.once("close", (code) => reject(new Error(`closed with ${code}`)));
      socket.once("error", reject);
    });
    // Colyseus's join message, with the table's schema reflection in it (the handshake).
    expect(first[0]).toBe(Protocol.JOIN_ROOM);
    expect(Buffer.from(first).indexOf(Buffer.from(room.handshake!))).toBeGreaterThan(0);
    await vi.waitFor(() => expect(room.slots[0]!.sessionId).toBe(sessionId));
    socket.close();
  });

  it("keeps a reservation for its seat longer than usual while its people come back", async () => {
    const annToken = token("Ann");
    await storedGameAtTheBotsTurn("rebuiltReservation", annToken);
    // The reservation is made now; its connection comes later than a normal reservation waits (1 s here).
    const reservation = await matchMaker.joinById("rebuiltReservation", { name: "Ann", token: annToken });
    await sleep(1600);
    const ann = await record("Ann", colyseus.sdk.consumeSeatReservation(reservation));
    expect(ann.seat).toBe(0);
    expect(RECOVERY_RESERVATION_SECONDS).toBeGreaterThan(1.6);
    await ann.room.leave(true);

    // A table created here (not rebuilt) keeps the usual time: a late connection finds its reservation gone.
    const bea = await record("Bea", colyseus.sdk.create("table", { game: "fistful", seats: 2, name: "Bea", token: token("Bea") }));
    const late = await matchMaker.joinById(bea.room.roomId, { name: "Cy", token: token("Cy") });
    await sleep(1600);
    await expect(colyseus.sdk.consumeSeatReservation(late)).rejects.toThrow();
    await bea.room.leave(true);
  });
});
