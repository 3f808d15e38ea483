/**
 * Who may come in and where they sit (part of TableRoom, table-room.ts): reservations pass
 * admission first, a person takes a seat (or takes theirs back from a bot or an older
 * connection), and the game starts once every seat is taken and stored.
 */
import type { Seat } from "@saloon/engine";
import { CLOSE_CODES, type SeatKind } from "@saloon/protocol";
import { replacedReservations } from "./admission.ts";
import { seatForReturn } from "./seat-return.ts";
import { isReturningJoin, returningJoin } from "./table-options.ts";
import type { TableRoom } from "./table-room.ts";
import { keepWhileEmpty, startGrace } from "./table-room-absence.ts";
import { rebuildsUnderWay } from "./table-keeper.ts";
import { type PlayerJoin, type SeatSlot, type TableClient, endGrace, seatFacts } from "./table-seats.ts";

export function reservations(room: TableRoom): Record<string, [unknown, unknown, boolean, boolean]> {
  return (room as unknown as { _reservedSeats: Record<string, [unknown, unknown, boolean, boolean]> })._reservedSeats;
}

/** Colyseus reserves places on HTTP requests before any hook of ours runs: admission goes first. */
export function gateReservations(room: TableRoom): void {
  const reserving = room as unknown as { _reserveSeat: (sessionId: string, options: unknown, ...rest: unknown[]) => Promise<boolean> };
  const reserve = reserving._reserveSeat.bind(room);
  reserving._reserveSeat = async (sessionId, options, ...rest) => {
    const reconnecting = rest[2] === true; // a dropped client's own place: never refused
    if (reconnecting) return reserve(sessionId, options, ...rest);
    // Not yet used, not a dropped client's own place: [options, auth, consumed, reconnecting].
    const held = reservations(room);
    const pending = Object.entries(held).filter(([, [, , consumed, reconnection]]) => !consumed && !reconnection);
    const replaced = replacedReservations(options, pending.map(([id, [reserved]]) => [id, reserved]));
    if (room.refusalFor(options, replaced)) return false;
    // The person's earlier reservations are gone: a connection for one of them is told it
    // expired. Each one's own timer still runs out as Colyseus set it (the count it keeps).
    for (const id of replaced) delete held[id];
    return reserve(sessionId, options, ...rest);
  };
}

/** An unconsumed reservation this process made for a person coming back by their token (reserveReturn). */
function returningReservation(room: TableRoom, sessionId: string): boolean {
  const pending = reservations(room)[sessionId];
  return pending !== undefined && !pending[2] && isReturningJoin(pending[0]);
}

/**
 * A connection brought a reconnection token this table did not give out in this process (it
 * was rebuilt since): if it is the token of one of its people's seats for that session, that
 * seat is reserved for the session as that person's own join (seat-return.ts). Resolves with
 * whether it was.
 */
export async function reserveReturn(room: TableRoom, sessionId: string, token: string): Promise<boolean> {
  if (room.halted || room.failed || room.ending) return false;
  const seat = seatForReturn(room, sessionId, token);
  if (seat === null) return false;
  // Made by an earlier try of this session whose connection was lost before it joined (the SDK
  // tries again with the same session and token): this connection takes it, as a join with a
  // handshake, not as Colyseus's reconnection without one (the client's decoder is of the old process).
  if (returningReservation(room, sessionId)) return true;
  const slot = room.slots[seat]!;
  // Already this session's (its own connection still open, or its reservation pending): Colyseus's own way.
  if (slot.sessionId === sessionId || reservations(room)[sessionId]) return false;
  const name = slot.kind === "human" ? slot.name : slot.personName;
  const reserve = (room as unknown as { _reserveSeat: (sessionId: string, options: unknown, auth: unknown) => Promise<boolean> })._reserveSeat.bind(room);
  return reserve(sessionId, returningJoin(name, slot.tokenHash!), true);
}

/**
 * Whether `token` is Colyseus's own reconnection token for `sessionId` here (given by this
 * process: the session is connected, or its seat is held for its reconnection), which Colyseus
 * takes back its own way. A returning join reserved by reserveReturn is not: it is taken as a join.
 */
export function ownReconnection(room: TableRoom, sessionId: string, token: string): boolean {
  return !returningReservation(room, sessionId) && room.hasReservedSeat(sessionId, token);
}

/** The match row, written once the first person (player or spectator) has arrived. */
export function recordCreation(room: TableRoom): void {
  if (room.recorded) return;
  room.recorded = true;
  room.recorder.created();
}

/** Longest a table's first person waits for its setup to be stored before their join is answered anyway. */
export const SETUP_STORED_WAIT_MS = 5_000;

/**
 * The first person at a new table is answered (seated, shown the table) once what their arrival
 * wrote has landed: the waiting row and their seat, or, when bots fill the other seats, the whole
 * start in one statement. Before, the answer went out while that write was on its way, and a
 * crash in between lost a table its person had been seated at: their page came back to "this
 * table doesn't exist". One commit's wait (a few ms), once per table; a rebuilt table has its row
 * and never waits. Bounded: a database that does not answer holds nobody for good (the table plays
 * on, its writes are retried).
 */
export function untilSetupStored(room: TableRoom): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, SETUP_STORED_WAIT_MS)));
  return Promise.race([room.recorder.setupStored(), late]).finally(() => clearTimeout(timer));
}

/** `tokenHash`: hashToken(request.token), which the join has already (readJoin). */
export function sit(room: TableRoom, seat: Seat, client: TableClient, request: PlayerJoin, tokenHash: string): void {
  // The seat's view was left as it was while nobody held the seat: brought up to date before this
  // connection gets any state, and first, so that a game's view failing leaves the seat untouched.
  room.sync.refreshSeat(seat);
  const slot = room.slots[seat]!;
  const previous = slot.client;
  const pending = slot.reconnection;
  const tookBack = slot.kind === "bot";
  // The person whose seat this already is (a new connection, a reload, the way back after a restart).
  const returning = slot.kind === "human" && slot.tokenHash === tokenHash;
  slot.client = client;
  slot.sessionId = client.sessionId;
  slot.reconnection = null;
  slot.schema.connected = true;
  endGrace(slot);
  setSeat(room, slot, "human", request.name, tokenHash);
  if (tookBack) {
    // A bot was playing for this person: it hands the seat back.
    room.bots.cancel(seat);
    room.recorder.seatChanged(seatFacts(room.slots)[seat]!);
  }

  // The newer connection wins: close the older one, or stop waiting for it to come back.
  if (pending && "reject" in pending && typeof pending.reject === "function") pending.reject(new Error("replaced"));
  if (previous && previous !== client && room.clients.includes(previous)) {
    previous.leave(CLOSE_CODES.replaced, "This seat was taken over by a newer connection");
  }
  // Before the start, who sits where is stored too: a table rebuilt before its start keeps its people's seats.
  if (room.status() === "waiting") room.recorder.seatChanged(seatFacts(room.slots)[seat]!);
  // A seat changing hands is an info line; its own person coming back to it is debug: after a
  // restart that was a thousand synchronous lines while people waited (pino's write, ~1.5 % of
  // the server's CPU on the way back, docs/recovery.md).
  room.log[returning ? "debug" : "info"]({ seat, name: request.name, reclaimed: previous !== null || pending !== null, tookBack }, "seat taken");
  room.updateListing();
  keepWhileEmpty(room);
  maybeStart(room);
  if (room.awaitingPeople) {
    // The first person is back at a rebuilt table: its bots play on, once this process has
    // rebuilt the rest of its tables (a second or two after a restart): until then the CPU goes
    // to getting everyone back. A person's way back by their reconnection token (seat-return.ts)
    // gets them in while the rebuild goes on, and the moves of the tables back first took the
    // CPU the others needed (bench:recovery, docs/recovery.md). Their own moves are taken at once.
    room.awaitingPeople = false;
    room.botsWaitForRebuild = true;
    void rebuildsUnderWay.until().then(() => {
      room.botsWaitForRebuild = false;
      room.bots.schedule();
    });
  }
}

export function setSeat(room: TableRoom, slot: SeatSlot, kind: SeatKind, name: string, tokenHash: string | null): void {
  slot.kind = kind;
  slot.name = name;
  slot.tokenHash = tokenHash;
  if (kind === "human") slot.personName = name;
  slot.schema.kind = kind;
  slot.schema.name = name;
}

export function maybeStart(room: TableRoom): void {
  if (room.status() !== "waiting" || room.starting || room.slots.some((slot) => slot.kind === "open")) return;
  room.starting = true;
  // Who sits where is stored before anyone may move, so a rebuilt table knows its people.
  void room.recorder.started(new Date(), seatFacts(room.slots)).then(() => {
    if (room.halted) return;
    room.state.status = "playing";
    for (const slot of room.slots) if (slot.kind === "human" && !slot.client) startGrace(room, slot, Date.now());
    room.log.info("game started");
    room.publish();
    room.updateListing();
    keepWhileEmpty(room);
    room.bots.schedule();
  });
}
