/**
 * TableSession's answer gate as the page uses it, against a stand-in room: what it sends and
 * when the choices are free again (answer-gate.ts holds the rule; this checks the wiring: act,
 * undo, the error handler, the state callback).
 */
import type { Room } from "@colyseus/sdk";
import { CLIENT_MESSAGES, type ErrorMessage, SERVER_MESSAGES, type TableSnapshot } from "@saloon/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Option } from "../games/types.ts";
import { TableSession } from "./table.svelte.ts";

const PLACE = JSON.stringify({ seat: 0, kind: "actions", options: [{ type: "place", at: 1 }, { type: "done" }] });

/** Seat 0 (the person) at a Fistful-like table: its prompt, undo count and acted. */
function at(version: number, acted: number, undo: number): TableSnapshot {
  const seat = (n: number) => ({ seat: n, kind: n === 0 ? ("human" as const) : ("bot" as const), name: `S${n}`, connected: true, awayUntil: 0, graceOver: false });
  return {
    game: "fistful",
    status: "playing",
    version,
    seats: [{ ...seat(0), secret: { view: {}, prompt: PLACE, undo, acted } }, seat(1)],
    view: {},
    result: "",
    endReason: "",
  };
}

/** Just what TableSession.attach touches: it records what is sent, and lets the test deliver messages and states. */
class FakeRoom {
  sent: [string, unknown][] = [];
  handlers = new Map<string, (message: unknown) => void>();
  stateHandler: ((state: unknown) => void) | null = null;
  reconnection = { minUptime: 0, maxRetries: 0, minDelay: 0, backoff: (_: number) => 0 };
  send(type: string, payload?: unknown): void {
    this.sent.push([type, payload]);
  }
  onMessage(type: string, handler: (message: unknown) => void): void {
    this.handlers.set(type, handler);
  }
  onStateChange(handler: (state: unknown) => void): void {
    this.stateHandler = handler;
  }
  onDrop(): void {}
  onReconnect(): void {}
  onLeave(): void {}
  deliver(type: string, message: unknown): void {
    this.handlers.get(type)?.(message);
  }
  state(snapshot: TableSnapshot): void {
    this.stateHandler?.(snapshot);
  }
  refuse(error: ErrorMessage): void {
    this.deliver(SERVER_MESSAGES.error, error);
  }
  types(): string[] {
    return this.sent.map(([type]) => type);
  }
}

function seated(snapshot: TableSnapshot): { session: TableSession; room: FakeRoom } {
  const room = new FakeRoom();
  const session = new TableSession("table-1");
  session.attach(room as unknown as Room);
  room.deliver(SERVER_MESSAGES.seated, { seat: 0, game: "fistful" });
  room.state(snapshot);
  return { session, room };
}

const place: Option = { type: "place", at: 1 };

describe("the table's answer gate", () => {
  it("sends nothing after an undo until the undo's patch arrives", () => {
    // Seat 0 placed (version 6, acted 6) and may take it back.
    const { session, room } = seated(at(6, 6, 1));
    session.undo();
    expect(room.types()).toEqual([CLIENT_MESSAGES.undo]);
    expect(session.busy).toBe(true);
    // A click right after the undo: nothing goes (before, it went, and the undo's patch passed for it).
    session.act(place);
    session.undo();
    expect(room.types()).toEqual([CLIENT_MESSAGES.undo]);
    // The undo's patch: the step is gone, acted back to the seat's step before; clicks work again.
    room.state(at(5, 3, 0));
    expect(session.busy).toBe(false);
    session.act(place);
    expect(room.types()).toEqual([CLIENT_MESSAGES.undo, CLIENT_MESSAGES.action]);
  });

  it("takes no undo while an answer is on its way, and a refused undo frees the choices", () => {
    const { session, room } = seated(at(6, 6, 1));
    session.act(place);
    session.undo();
    expect(room.types()).toEqual([CLIENT_MESSAGES.action]);
    room.state(at(7, 7, 2));
    session.undo();
    expect(room.types()).toEqual([CLIENT_MESSAGES.action, CLIENT_MESSAGES.undo]);
    room.refuse({ code: "UNDO_CLOSED", message: "", request: "undo" });
    expect(session.busy).toBe(false);
  });

  it("keeps the choices waiting when another request is refused, and frees them for its own refusal", async () => {
    const { session, room } = seated(at(6, 6, 1));
    session.act(place);
    expect(session.busy).toBe(true);
    // A step check refused meanwhile answers the check ("don't know"), not the action.
    const check = session.checkStep(place);
    room.refuse({ code: "NOT_YOUR_TURN", message: "", request: "check-step" });
    expect(await check).toBeNull();
    room.refuse({ code: "RATE_LIMITED", message: "", request: "chat" });
    room.refuse({ code: "NOT_SEATED", message: "", request: "bot-pace" });
    expect(session.busy).toBe(true);
    session.act(place);
    expect(room.types().filter((type) => type === CLIENT_MESSAGES.action)).toHaveLength(1);
    // The action's own refusal frees them, and leaves a pending step check alone.
    let answered = false;
    void session.checkStep(place).then(() => (answered = true));
    room.refuse({ code: "ILLEGAL_ACTION", message: "", request: "action" });
    expect(session.busy).toBe(false);
    await Promise.resolve();
    expect(answered).toBe(false);
    room.deliver(SERVER_MESSAGES.stepCheck, { final: false, endsTurn: false });
    await Promise.resolve();
    expect(answered).toBe(true);
  });

  it("with a server whose errors name no request, any error frees the choices as before", () => {
    const { session, room } = seated(at(6, 6, 1));
    session.act(place);
    room.refuse({ code: "RATE_LIMITED", message: "" });
    expect(session.busy).toBe(false);
  });
});

describe("the table's step checks", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const done: Option = { type: "done" };

  it("drops an answer that comes after its question stopped waiting, instead of taking it for the next question's", async () => {
    vi.useFakeTimers();
    const { session, room } = seated(at(6, 6, 1));
    // Placing is asked about; the answer is slow, so the page hears "don't know" after 3 s.
    const first = session.checkStep(place);
    vi.advanceTimersByTime(3000);
    expect(await first).toBeNull();
    // Then "done" is asked about, and the late answer about placing arrives first.
    const second = session.checkStep(done);
    room.deliver(SERVER_MESSAGES.stepCheck, { final: false, endsTurn: false, option: place, version: 6 });
    room.deliver(SERVER_MESSAGES.stepCheck, { final: true, endsTurn: true, option: done, version: 6 });
    // Matched by order, "done" would have been told it could be taken back.
    expect(await second).toMatchObject({ final: true, endsTurn: true });
  });

  it("takes an answer only for the version it was asked at, and answers questions about different options each their own", async () => {
    vi.useFakeTimers();
    const { session, room } = seated(at(6, 6, 1));
    const placing = session.checkStep(place);
    const ending = session.checkStep(done);
    room.deliver(SERVER_MESSAGES.stepCheck, { final: true, endsTurn: true, option: done, version: 6 });
    expect(await ending).toMatchObject({ final: true });
    // An answer about placing at another version is not this question's: it is still waiting.
    let placed: unknown = "waiting";
    void placing.then((answer) => (placed = answer));
    room.deliver(SERVER_MESSAGES.stepCheck, { final: true, endsTurn: false, option: place, version: 5 });
    await Promise.resolve();
    expect(placed).toBe("waiting");
    room.deliver(SERVER_MESSAGES.stepCheck, { final: false, endsTurn: false, option: place, version: 6 });
    expect(await placing).toMatchObject({ final: false });
  });

  it("from a server that does not repeat the question, answers the oldest, as before", async () => {
    const { session, room } = seated(at(6, 6, 1));
    const check = session.checkStep(place);
    room.deliver(SERVER_MESSAGES.stepCheck, { final: true, endsTurn: false });
    expect(await check).toMatchObject({ final: true });
  });
});
