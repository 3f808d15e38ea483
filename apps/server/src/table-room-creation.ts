/**
 * How a table comes to be (part of TableRoom, table-room.ts): a new game from a create request,
 * or the same table again from the store after a restart, a crash, or on another process
 * (principle 5: seed + stored actions rebuild it exactly).
 */
import { matchMaker } from "@colyseus/core";
import { type Encoder, Reflection } from "@colyseus/schema";
import type { ResumableMatch } from "@saloon/db";
import { type AnyGame, type Json, type Seat, newTableSeed } from "@saloon/engine";
import { type SeatKind, flattenView } from "@saloon/protocol";
import { MatchRecorder } from "./match-recorder.ts";
import { TableChat } from "./table-chat.ts";
import { JoinRejected } from "./table-options.ts";
import type { TableRoom } from "./table-room.ts";
import { startGrace } from "./table-room-absence.ts";
import { finish, halt, showActed, standingActed } from "./table-room-moves.ts";
import { setBotPace, showUndo } from "./table-room-requests.ts";
import { maybeStart, setSeat } from "./table-room-seating.ts";
import { readCreateRequest, replayStored } from "./table-setup.ts";
import { type SeatSlot, seatFacts } from "./table-seats.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";
import { withSharedEncodingBuffers } from "./table-encoding.ts";
import { TableSync } from "./table-sync.ts";

export function createFresh(room: TableRoom, raw: unknown): void {
  const { game, request, bots, options, automa } = readCreateRequest(raw, room.settings.games);
  try {
    room.seed = newTableSeed();
    room.gameState = game.setup(room.seed, request.seats, options);
    flattenView(game.view(room.gameState, null));
  } catch (cause) {
    throw new JoinRejected("BAD_SETUP", (cause as Error).message);
  }
  begin(room, game, Date.now(), request.graceSeconds);
  room.chat = new TableChat(request.spectatorChat);
  for (let seat = 0; seat < request.seats; seat++) {
    const isBot = bots.has(seat);
    // Seats the game plays itself (El Paso's Sue) go by the game's name for them.
    addSlot(room, seat, isBot ? "bot" : "open", isBot ? (automa.get(seat) ?? `Bot ${seat + 1}`) : "", null);
  }
  // The match row is written when the first person arrives (recordCreation): a table nobody
  // ever joined (an HTTP-only create) leaves no row behind.
  setBotPace(room, request.botPace);
  room.recorder = recorderFor(room, options, request.private);
  if (request.private) makePrivate(room);
  room.log.info({ seats: request.seats, bots: [...bots], private: request.private }, "table created");
  maybeStart(room);
}

/** The same table again from the store: seed, seats and every stored action, replayed by the rules. */
export function rebuild(room: TableRoom, match: ResumableMatch): void {
  const game = Object.hasOwn(room.settings.games, match.game) ? room.settings.games[match.game] : undefined;
  if (!game) throw new Error(`cannot rebuild table ${match.id}: no game "${match.game}" on this server`);
  const replayed = replayStored(game, match);
  room.seed = match.seed;
  room.gameState = replayed.gameState;
  for (const entry of replayed.actions) room.actedBy.push(entry.seat);
  room.events.append(replayed.events);
  // The steps of the turn going on that may be taken back, as before the restart.
  room.undo = replayed.undo;
  begin(room, game, match.createdAt.getTime(), match.table.graceSeconds ?? 0);
  room.chat = new TableChat(match.table.spectatorChat ?? false, match);
  const now = Date.now();
  for (const seat of match.seats) {
    const slot = addSlot(room, seat.seat, seat.kind, seat.name, seat.tokenHash);
    slot.personName = seat.name;
    // Everybody was disconnected by the restart: each person's grace period starts now.
    if (seat.kind === "human") startGrace(room, slot, now);
  }
  showUndo(room);
  for (const slot of room.slots) showActed(room, slot.schema.seat, standingActed(room.actedBy, slot.schema.seat));
  setBotPace(room, match.table.botPace);
  room.recorder = recorderFor(room, match.options, match.table.private ?? false);
  room.recorded = true;
  room.recorder.resumed(match.startedAt, seatFacts(room.slots));
  room.state.version = room.actedBy.length;
  room.state.status = "playing";
  room.awaitingPeople = room.slots.some((slot) => slot.kind === "human");
  if (match.table.private) makePrivate(room);
  // Debug, not info: after a restart these were a thousand lines written while people waited (the
  // keeper's "tables taken over" says how many came back; a table that could not is an error line).
  room.log.debug({ actions: room.actedBy.length }, "table rebuilt from the store");
  // A game whose last move was stored but whose end was not: finish it now.
  if (game.isOver(room.gameState)) void finish(room, game.scores(room.gameState)!).catch((error: unknown) => halt(room, error));
}

/**
 * A table that had not started yet, again: its game set up from the stored seed, its bots, and
 * each person who sat there holding their seat for the reconnection time (their page rejoins
 * by itself and sits them on it again); a seat nobody comes back to opens for anyone.
 */
export function rebuildWaiting(room: TableRoom, match: ResumableMatch): void {
  const game = Object.hasOwn(room.settings.games, match.game) ? room.settings.games[match.game] : undefined;
  const seats = match.table.seats;
  if (!game || !seats) throw new Error(`cannot rebuild table ${match.id}: ${game ? "its seats were not stored" : `no game "${match.game}" on this server`}`);
  room.seed = match.seed;
  room.gameState = game.setup(match.seed, seats, match.options);
  begin(room, game, match.createdAt.getTime(), match.table.graceSeconds ?? 0);
  room.chat = new TableChat(match.table.spectatorChat ?? false, match);
  const bots = new Map((match.table.bots ?? []).map((bot) => [bot.seat, bot.name]));
  for (let seat = 0; seat < seats; seat++) {
    const person = match.seats.find((s) => s.seat === seat && s.kind === "human" && s.tokenHash);
    if (bots.has(seat)) {
      addSlot(room, seat, "bot", bots.get(seat)!, null);
    } else if (person) {
      const slot = addSlot(room, seat, "human", person.name, person.tokenHash);
      room.pulse.setTimeout(() => {
        if (slot.client || room.status() !== "waiting" || room.starting || slot.tokenHash !== person.tokenHash) return;
        room.log.info({ seat }, "nobody came back to a seat of a rebuilt table; it is open again");
        setSeat(room, slot, "open", "", null);
        room.recorder.seatChanged(seatFacts(room.slots)[seat]!);
        room.updateListing();
      }, room.settings.reconnectSeconds * 1000);
    } else {
      addSlot(room, seat, "open", "", null);
    }
  }
  setBotPace(room, match.table.botPace);
  room.recorder = recorderFor(room, match.options, match.table.private ?? false);
  room.recorded = true;
  if (match.table.private) makePrivate(room);
  room.log.info({ seated: match.seats.filter((s) => s.kind === "human" && s.tokenHash).length }, "waiting table rebuilt from the store");
}

function begin(room: TableRoom, game: AnyGame, createdAt: number, graceSeconds: number): void {
  room.game = game;
  room.createdAt = createdAt;
  room.graceSeconds = graceSeconds;
  room.log = room.settings.logger.child({ table: room.roomId, game: game.id });
  const state = new TableStateSchema();
  state.game = game.id;
  withSharedEncodingBuffers(room, () => {
    room.state = state;
  });
  shareHandshake(room);
  room.pulse.watch();
  // A seat's own view is made while a connection holds the seat (or may come back to it: Colyseus keeps its session).
  room.sync = new TableSync(game, state, () => room.slots.length, room.events, (seat) => room.slots[seat]?.sessionId != null);
}

/** The schema's reflection, by root schema class: the same bytes for every table. */
const handshakes = new WeakMap<object, Uint8Array>();

/**
 * Colyseus sends each joining client the reflection of the room's schema (its handshake), and
 * encodes it once per room: after a restart, 1,000 rebuilt tables encoded the very same bytes
 * 1,000 times (2.3 % of the restarted server's profile, bench:recovery). The reflection depends
 * only on the schema classes reachable from the root, so every table shares one.
 */
export function shareHandshake(room: TableRoom): void {
  const serializer = (room as unknown as { _serializer?: { encoder?: Encoder; handshakeCache?: Uint8Array } })._serializer;
  if (!serializer?.encoder || serializer.handshakeCache) return;
  const root = room.state.constructor;
  let bytes = handshakes.get(root);
  if (!bytes) {
    bytes = Reflection.encode(serializer.encoder);
    handshakes.set(root, bytes);
  }
  serializer.handshakeCache = bytes;
}

function addSlot(room: TableRoom, seat: Seat, kind: SeatKind, name: string, tokenHash: string | null): SeatSlot {
  const schema = new SeatSchema();
  schema.seat = seat;
  schema.secret = new PrivateSeatSchema();
  schema.kind = kind;
  schema.name = name;
  schema.connected = kind === "bot";
  room.state.seats.push(schema);
  const slot: SeatSlot = { kind, name, tokenHash, personName: "", client: null, sessionId: null, reconnection: null, graceTimer: null, schema };
  room.slots.push(slot);
  return slot;
}

function recorderFor(room: TableRoom, options: unknown, isPrivate: boolean): MatchRecorder {
  return new MatchRecorder(room.settings.store, room.settings.writer, room.log, {
    id: room.roomId,
    game: room.game.id,
    rulesVersion: room.game.rulesVersion,
    options: (options ?? null) as Json,
    seed: room.seed,
    createdAt: new Date(room.createdAt),
    table: {
      private: isPrivate,
      graceSeconds: room.graceSeconds,
      spectatorChat: room.chat.spectatorsMayWrite,
      seats: room.slots.length,
      bots: room.slots.filter((slot) => slot.kind === "bot" && !slot.tokenHash).map((slot) => ({ seat: slot.schema.seat, name: slot.name })),
      botPace: room.botPace,
    },
    ownerId: matchMaker.processId,
  });
}

function makePrivate(room: TableRoom): void {
  room.setPrivate(true).catch((error: unknown) => room.log.error({ err: error }, "could not make the table private"));
}
