/**
 * The one room type of Saloon: a table hosting any game of the registry through the engine
 * contract (DESIGN.md principle 4). The full game state, the seed and the action log live in
 * this object's memory; what goes out is the projection in `TableStateSchema`.
 *
 * A move counts once it is stored (principle 5): an accepted action is applied to the game
 * state at once (so the next one is checked against it) but published, and the bots told, only
 * after the store has committed it. A table is rebuilt under the same id from its seed and
 * stored actions after a restart, a crash, or on another process (table-keeper.ts).
 *
 * This class holds the table and its Colyseus hooks; its other methods sit beside it, one module
 * per seam, as functions of the room: table-room-creation.ts (create, rebuild),
 * table-room-seating.ts (reservations, seats, the start), table-room-absence.ts (grace periods,
 * abandoning), table-room-moves.ts (an action from checks to publish, the end),
 * table-room-requests.ts (undo, step check, bot pace, chat).
 */
import { type AuthContext, CloseCode, matchMaker, Room, type RoomException } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { type MatchStore, OwnershipLost, type ResumableMatch, type ActionWriter } from "@saloon/db";
import type { AnyGame, GameError, Seat } from "@saloon/engine";
import { CLIENT_MESSAGES, CLOSE_CODES, type ClientMessageType, type ErrorMessage, SERVER_MESSAGES, type TableListing, type TableStatus, type BotPace } from "@saloon/protocol";
import type { Logger } from "pino";
import { Admission, type Refusal, refuseRequest } from "./admission.ts";
import type { Budgets } from "./budgets.ts";
import type { MatchRecorder } from "./match-recorder.ts";
import { matchmakeRequestOf } from "./matchmake-request.ts";
import { JoinRejected, describeIssues, readJoin } from "./table-options.ts";
import { seatReturnToken } from "./seat-return.ts";
import { END_REASONS, keepWhileEmpty, onAbsentSeat, startGrace } from "./table-room-absence.ts";
import { createFresh, rebuild, rebuildWaiting } from "./table-room-creation.ts";
import { halt, onAction, perform } from "./table-room-moves.ts";
import { botDelay, onBotPace, onChat, onCheckStep, onSkipBots, onUndo } from "./table-room-requests.ts";
import { gateReservations, ownReconnection, recordCreation, reservations, reserveReturn, setSeat, sit, untilSetupStored } from "./table-room-seating.ts";
import { type SeatSlot, type TableClient, chooseSeat, endGrace, seatFacts } from "./table-seats.ts";
import type { TableStateSchema } from "./table-state.ts";
import type { BotThinker } from "./bot-thinker.ts";
import { EventLog } from "./event-log.ts";
import { type BotTable, TableBots } from "./table-bots.ts";
import type { TableChat } from "./table-chat.ts";
import { type TableSync, tableListing } from "./table-sync.ts";
import { TurnUndo } from "./table-undo.ts";
import { NO_PATCH_INTERVAL, TablePulse } from "./table-pulse.ts";
import { connectionAddress } from "./transport.ts";

/** What the server hands every table; tests pass their own (short bot delay, test games). */
export interface TableSettings {
  games: Readonly<Record<string, AnyGame>>;
  /** How long a server bot "thinks" before it acts, in ms. */
  botDelayMs: number;
  /** The bots' thread, for the games whose bots decide there (bot-thinker.ts). */
  thinker: BotThinker | null;
  /** The server's rate budgets (per person and per address), shared with every room. */
  budgets: Budgets;
  logger: Logger;
  /** How long a dropped connection keeps its session for the SDK's automatic reconnection. */
  reconnectSeconds: number;
  /** Spectators allowed on top of the seats. */
  spectatorLimit: number;
  /** How long a matchmaking reservation waits for its connection (seconds). */
  seatReservationSeconds: number;
  /** Where every match is recorded (principle 5): seed, seats, action log, result. */
  store: MatchStore;
  /** The group commit every table's actions go through. */
  writer: ActionWriter;
  /** Matches to rebuild, by table id: table-keeper.ts puts one here and creates a room with that id. */
  recoveries: Map<string, ResumableMatch>;
  /** This process's tables by id, while they are open: table-keeper.ts stops them when this process loses them. */
  running: Map<string, TableRoom>;
  /** How long an abandoned or finished table stays open for the people still looking at it (s). */
  closingSeconds: number;
}

/** A message type the table handles, or null (an unknown one, or none). */
function clientMessageType(type: unknown): ClientMessageType | null {
  return (Object.values(CLIENT_MESSAGES) as unknown[]).includes(type) ? (type as ClientMessageType) : null;
}

type RequestHandler = (room: TableRoom, client: TableClient, payload: unknown) => void;

/**
 * What each client message does (a message's budget is checked by its handler): every type has
 * one (a Record over ClientMessageType does not compile without it), looked up in a Map, never in
 * an object, whose prototype would answer "constructor" or "__proto__" (guards.test).
 */
const HANDLERS: Record<ClientMessageType, RequestHandler> = {
  [CLIENT_MESSAGES.action]: onAction,
  [CLIENT_MESSAGES.absentSeat]: onAbsentSeat,
  [CLIENT_MESSAGES.chat]: onChat,
  [CLIENT_MESSAGES.undo]: (room, client) => onUndo(room, client),
  [CLIENT_MESSAGES.botPace]: onBotPace,
  [CLIENT_MESSAGES.skipBots]: (room, client) => onSkipBots(room, client),
  [CLIENT_MESSAGES.checkStep]: onCheckStep,
};
const REQUESTS: ReadonlyMap<string, RequestHandler> = new Map(Object.entries(HANDLERS));

/** A received message type for an error text: whatever a frame decoded to (once an object without a prototype). */
export function describeType(type: unknown): string {
  return typeof type === "string" || typeof type === "number" ? String(type).slice(0, 40) : `(${typeof type})`;
}

/** How long a reservation at a rebuilt table waits for its connection (s), for its first minute. */
export const RECOVERY_RESERVATION_SECONDS = 30;

export abstract class TableRoom extends Room<{ state: TableStateSchema; metadata: TableListing; client: TableClient }> {
  abstract readonly settings: TableSettings;

  // The table's own parts. Not private: the table-room-*.ts modules are this class's methods,
  // split along its seams (creation, seating, absence, moves, requests), and read and change
  // them; nothing outside the table touches them.
  game!: AnyGame;
  log!: Logger;
  /** The table's seed: the source of all the game's randomness. Never synced, never sent. */
  seed = "";
  /** The game after every accepted action, stored or not yet. */
  gameState: unknown;
  /**
   * Who made each accepted action, in order: its length is the table's version. The actions
   * themselves live in the store, each written before anyone saw it (principle 5), not here: a
   * table kept every action it took until its game ended, three objects apiece, which at 1,000
   * tables was a tenth of the live heap every mark-compact walks, and more as games went on.
   */
  readonly actedBy: Seat[] = [];
  /** The game log (event-log.ts: kept as text). */
  readonly events = new EventLog();
  slots: SeatSlot[] = [];
  readonly bots = new TableBots(this.botTable());
  /** Patches when the state changes, and the table's timers (table-pulse.ts); a timer that throws fails the table, as Colyseus's clock did. */
  readonly pulse = new TablePulse(this, (error) => this.failTable(error, "setTimeout"));
  sync!: TableSync;
  chat!: TableChat;
  createdAt = 0;
  graceSeconds = 0;
  recorder!: MatchRecorder;
  /** Accepted actions publish strictly in order, each once its write has committed. */
  publishing: Promise<void> = Promise.resolve();
  /** The start is being stored: seats are final, moves not yet allowed. */
  starting = false;
  /** This copy of the table must stop (another process runs it, or the store refused it). */
  halted = false;
  /** Settles once a halted copy has let its last writes land and sent its people off (halt). */
  stopped: Promise<void> = Promise.resolve();
  /** The game is being ended early: no more moves. */
  ending = false;
  /** The match row is written (at the first person's arrival, or it was rebuilt from the store). */
  recorded = false;
  /** A fault outside the guarded paths closed this table. */
  failed = false;
  /**
   * Rebuilt after a restart or crash, and none of its people back yet: its bots wait for them,
   * so nobody comes back to moves made while they could not see them (and a thousand tables
   * coming back at once do not spend the CPU their people need to get back in).
   */
  awaitingPeople = false;
  /** Its person is back, and its bots wait until this process has rebuilt its other tables (table-room-seating.ts sit). */
  botsWaitForRebuild = false;
  /** The steps of the turn going on that their person may take back (table-undo.ts). */
  undo = new TurnUndo();
  botPace: BotPace = "normal";
  private admissionRules?: Admission;
  private get admission(): Admission {
    this.admissionRules ??= new Admission(this.settings.spectatorLimit);
    return this.admissionRules;
  }

  override onCreate(raw: unknown): void {
    const recovery = this.settings.recoveries.get(this.roomId);
    if (recovery) {
      this.settings.recoveries.delete(this.roomId);
      if (recovery.status === "waiting") rebuildWaiting(this, recovery);
      else rebuild(this, recovery);
    } else {
      createFresh(this, raw);
    }
    // Spectators may come and go all game long, so the room is never locked (tech-stack P4).
    // Admission decides who may reserve a place (a seat's own player always may); maxClients is
    // only the backstop above it. Colyseus's own flood guard sits well above our budgets.
    this.maxClients = this.admission.capacity(this.slots.length);
    this.seatReservationTimeout = this.settings.seatReservationSeconds;
    if (recovery) {
      // Everybody comes back at once after a restart: on a busy server a reservation may wait
      // longer than usual for its connection, so for a while it is kept longer (no second round trip).
      this.seatReservationTimeout = Math.max(this.settings.seatReservationSeconds, RECOVERY_RESERVATION_SECONDS);
      this.pulse.setTimeout(() => (this.seatReservationTimeout = this.settings.seatReservationSeconds), RECOVERY_RESERVATION_SECONDS * 2000);
    }
    this.maxMessagesPerSecond = Math.max(60, this.settings.budgets.limits.messages.burst * 3);
    gateReservations(this);
    // No patch tick: patches go out when the state changes (table-pulse.ts).
    this.patchRate = NO_PATCH_INTERVAL;
    this.metadata = this.listing();
    // One handler for every type (a handler Colyseus keeps is about seven objects per room, each
    // walked by every mark-compact; eight of them were 58k of the live heap's 1.3M objects at
    // 1,000 tables), dispatched by REQUESTS.
    this.onMessage("*", (client: TableClient, type: unknown, payload: unknown) => this.onRequest(client, type, payload));
    keepWhileEmpty(this);
    this.publish();
    if (this.status() === "playing") this.bots.schedule();
    this.settings.running.set(this.roomId, this);
  }

  /** A game this copy runs: the keeper checks that this process still owns it. */
  get runsGame(): boolean {
    return this.status() === "playing" && !this.halted && !this.failed;
  }

  /** A table another process could take over (a running game, or one waiting for its people). */
  get holdsTable(): boolean {
    return (this.status() === "playing" || this.status() === "waiting") && !this.halted && !this.failed;
  }

  /** Another process runs this table now, or may at any moment (this process's lease ran out): this copy stops. */
  loseOwnership(): Promise<void> {
    return halt(this, new OwnershipLost(this.roomId));
  }

  override onJoin(client: TableClient, raw: unknown): void | Promise<void> {
    // The same options object admission read when the seat was reserved: read once (readJoin).
    const { parsed, tokenHash } = readJoin(raw);
    if (!parsed.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(parsed.error));
    const request = parsed.data;

    // Everything up to taking the seat is synchronous, so two people can never get the same seat.
    const seat = request.spectate ? null : chooseSeat(this.slots, request, tokenHash!);
    // Known by the token's hash: a person coming back by their reconnection token has no token here (seat-return.ts).
    const person = tokenHash ? `person:${tokenHash}` : `session:${client.sessionId}`;
    client.userData = { seat, person, address: connectionAddress(client), overdraft: 0, flooded: false, name: request.name ?? "" };
    client.view = new StateView();
    const firstArrival = !this.recorded;
    recordCreation(this);

    if (seat !== null && !request.spectate) {
      sit(this, seat, client, request, tokenHash!);
      client.view.add(this.slots[seat]!.schema);
      // Sent with Colyseus's join answer: the SDK's way back, after a restart too.
      client.reconnectionToken = seatReturnToken(this, client.sessionId, seat, tokenHash!);
    } else {
      this.log.debug({ session: client.sessionId }, "spectator joined");
    }
    client.send(SERVER_MESSAGES.seated, { seat, game: this.game.id });
    this.sync.sendHistory(client, this.seatOf(client));
    client.send(SERVER_MESSAGES.chat, this.chat.history(this.seatOf(client)));
    // What the new StateView shows is sent with a patch, and a spectator's join changes no state.
    this.pulse.patchSoon();
    if (firstArrival) return untilSetupStored(this);
  }

  override async onDrop(client: TableClient, code?: number): Promise<void> {
    if (!client.userData) return; // the join was refused: there is nothing to hold
    // Closed for flooding or for a broken frame (Colyseus's WITH_ERROR): close at once and hold
    // nothing; onLeave follows. (Holding made a flood-tripped socket linger for 30 s, issue #9.)
    if (client.userData.flooded || code === CloseCode.WITH_ERROR) return;
    const slot = this.slotOf(client);
    if (client.userData.seat !== null && !slot) return; // replaced by a newer connection: nothing to come back to
    if (slot) {
      slot.schema.connected = false;
      if (this.status() === "playing") startGrace(this, slot, Date.now());
      this.log.info({ seat: client.userData.seat }, "seat dropped; holding it for a reconnection");
    }
    const reconnection = this.allowReconnection(client, this.settings.reconnectSeconds);
    if (slot) slot.reconnection = reconnection;
    try {
      await reconnection;
    } catch {
      // Expired or replaced: onLeave follows and decides what happens to the seat.
    }
  }

  override onReconnect(client: TableClient): void {
    const slot = this.slots.find((s) => s.sessionId === client.sessionId);
    if (slot) {
      slot.client = client;
      slot.reconnection = null;
      slot.schema.connected = true;
      endGrace(slot);
      // Colyseus gives the new connection a random token: the seat's own, as at the join (seat-return.ts).
      if (slot.tokenHash) client.reconnectionToken = seatReturnToken(this, client.sessionId, slot.schema.seat, slot.tokenHash);
      this.log.info({ seat: slot.schema.seat }, "seat reconnected");
    }
    // Messages sent while the connection was down are lost: say again who this is and resend the whole history.
    client.send(SERVER_MESSAGES.seated, { seat: slot?.schema.seat ?? null, game: this.game.id });
    this.sync.sendHistory(client, this.seatOf(client));
    client.send(SERVER_MESSAGES.chat, this.chat.history(this.seatOf(client)));
  }

  override onLeave(client: TableClient): void {
    if (!client.userData) return;
    const slot = this.slotOf(client);
    if (!slot) return; // a spectator, or a connection replaced by a newer one with the same token
    slot.client = null;
    slot.sessionId = null;
    slot.reconnection = null;
    slot.schema.connected = false;
    if (this.status() === "waiting" && !this.starting) {
      // Before the start a seat belongs to whoever sits down next.
      this.log.info({ seat: slot.schema.seat, name: slot.name }, "seat left before the start");
      setSeat(this, slot, "open", "", null);
      this.recorder.seatChanged(seatFacts(this.slots)[slot.schema.seat]!);
      this.updateListing();
    } else if (this.status() === "playing") {
      // The seat stays theirs: the same token takes it back during the grace period and after.
      startGrace(this, slot, Date.now());
      this.log.info({ seat: slot.schema.seat, graceSeconds: this.graceSeconds }, "seat left during the game; its grace period runs");
    }
  }

  override async onDispose(): Promise<void> {
    this.pulse.stop();
    if (this.settings.running.get(this.roomId) === this) this.settings.running.delete(this.roomId);
    this.log?.info({ status: this.state?.status, actions: this.actedBy.length, failed: this.failed }, "table closed");
    if (!this.recorder || !this.recorded) return; // refused, or nobody ever came: nothing was recorded
    for (const slot of this.slots) slot.graceTimer?.clear();
    // Let every accepted action reach the store before the room goes.
    await this.publishing;
    const shuttingDown = matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
    const status = this.status();
    // At a shutdown a running game stays "playing": the next start (or another process) rebuilds it.
    // A failed table is over for good: rebuilding it would only fail again.
    if (this.failed || (!this.halted && !shuttingDown && (status === "waiting" || status === "playing"))) {
      await this.recorder.abandoned(this.failed ? END_REASONS.failed : END_REASONS.allLeft);
    }
    await this.recorder.flush();
  }

  override onUncaughtException(error: RoomException, method: string): void {
    if (error.cause instanceof JoinRejected) return; // a refused join is an answer, not a fault
    if (method === "onDispose" || this.failed) {
      this.log?.error({ err: error.cause ?? error, method }, "unexpected error in a closing table room");
      return;
    }
    if (method === "onMessage") {
      // One message from one client failed outside the guarded action path: that message is
      // refused, the table goes on (what the client sent never reached the game).
      this.log?.error({ err: error.cause ?? error, method }, "failed on a client's message; refused it");
      const client = (error as { client?: TableClient }).client;
      if (client) this.reject(client, clientMessageType((error as { type?: unknown }).type), { code: "INTERNAL_ERROR", message: "The server failed on this message; it has been logged" });
      return;
    }
    this.failTable(error.cause ?? error, method);
  }

  /**
   * A fault outside the guarded paths leaves the room in a state nobody planned: close this
   * table (its match is marked abandoned in onDispose); every other table keeps serving.
   */
  failTable(error: unknown, where: string): void {
    if (this.failed) return;
    this.failed = true;
    this.bots.stop();
    this.log?.error({ err: error, where }, "table failed; closing it");
    this.disconnect(CLOSE_CODES.tableFailed).catch((cause: unknown) => this.log?.error({ err: cause }, "could not close a failed table"));
  }

  // ---------------------------------------------------------------- admission

  /** The schema reflection sent with every join (shared by every table, table-room-creation.ts shareHandshake). */
  get handshake(): Uint8Array | undefined {
    return (this as unknown as { _serializer?: { handshakeCache?: Uint8Array } })._serializer?.handshakeCache;
  }

  /** A person's way back by a reconnection token this process did not give out (table-room-seating.ts reserveReturn). */
  reserveReturn(sessionId: string, token: string): Promise<boolean> {
    return reserveReturn(this, sessionId, token);
  }

  /** Whether `token` is Colyseus's own reconnection token for `sessionId` here (table-room-seating.ts ownReconnection). */
  ownReconnection(sessionId: string, token: string): boolean {
    return ownReconnection(this, sessionId, token);
  }

  /** Why a reservation with these options may not be made now, or null. */
  refusalFor(options: unknown, replacing: readonly string[] = []): Refusal | null {
    return this.admission.check(options, {
      // A person's own seat, also while a bot plays it for them: they may always take it back.
      holds: (tokenHash) => this.slots.some((slot) => slot.kind !== "open" && slot.tokenHash === tokenHash),
      openSeats: this.slots.filter((slot) => slot.kind === "open").length,
      seats: this.slots.length,
      spectators: this.clients.filter((client) => client.userData?.seat === null).length,
      // Colyseus keeps unused reservations as enumerable entries [options, auth, consumed, reconnecting].
      // `replacing`: the same person's earlier reservations, which this one takes the place of.
      pending: Object.entries(reservations(this))
        .filter(([sessionId]) => !replacing.includes(sessionId))
        .map(([, [reserved]]) => reserved),
    });
  }

  /** The seat a client may act for: its own, and only while it is that seat's current connection. */
  seatOf(client: TableClient): Seat | null {
    return this.slotOf(client)?.schema.seat ?? null;
  }

  slotOf(client: TableClient): SeatSlot | undefined {
    const seat = client.userData?.seat;
    if (seat === null || seat === undefined) return undefined;
    const slot = this.slots[seat];
    return slot && slot.sessionId === client.sessionId ? slot : undefined;
  }

  status(): TableStatus {
    return this.state.status as TableStatus;
  }

  /** A client's message of any type: its handler, guarded, or UNKNOWN_MESSAGE. */
  private onRequest(client: TableClient, type: unknown, payload: unknown): void {
    const handle = typeof type === "string" ? REQUESTS.get(type) : undefined;
    if (handle) {
      this.guarded(client, type as ClientMessageType, () => handle(this, client, payload));
      return;
    }
    if (!this.allow(client, null)) return;
    this.reject(client, null, { code: "UNKNOWN_MESSAGE", message: `No message "${describeType(type)}" here; send "${CLIENT_MESSAGES.action}"` });
  }

  /**
   * Runs one unit of work so that a fault (a bug in a game's view or bot, or here) is logged and
   * answered, never thrown into the process: the room and every other table live on.
   */
  guarded(client: TableClient | null, request: ClientMessageType | null, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.log.error({ err: error, seat: client ? this.seatOf(client) : "bot", request }, "failed while handling an action");
      if (client) this.reject(client, request, { code: "INTERNAL_ERROR", message: "The server failed on this action; it has been logged" });
    }
  }

  /**
   * The sender's budget (its person's and its address's); a refused message gets RATE_LIMITED and
   * nothing else happens. A client that keeps sending a whole burst past refusals is closed at once.
   */
  allow(client: TableClient, request: ClientMessageType | null): boolean {
    const data = client.userData;
    if (!data || data.flooded) return false;
    if (this.settings.budgets.message(data.person, data.address)) {
      data.overdraft = 0;
      return true;
    }
    data.overdraft += 1;
    if (data.overdraft > this.settings.budgets.limits.messages.burst) {
      data.flooded = true;
      this.log.warn({ session: client.sessionId, seat: data.seat }, "closing a flooding connection");
      client.leave(CLOSE_CODES.flooding, "Too many messages after RATE_LIMITED");
      return false;
    }
    this.reject(client, request, { code: "RATE_LIMITED", message: "Too many messages; slow down" });
    return false;
  }

  /**
   * Refuses a client's message, to that client alone. `request` is the type of the message refused
   * (null: one the table does not know): a client with an answer and a chat line out at once
   * frees only what was refused (ErrorMessage.request).
   */
  reject(client: TableClient, request: ClientMessageType | null, error: ErrorMessage | GameError): void {
    const message: ErrorMessage = { code: error.code, message: error.message };
    if (error.expected !== undefined) message.expected = error.expected;
    if (request !== null) message.request = request;
    this.log.debug({ session: client.sessionId, code: message.code, request }, "message refused");
    client.send(SERVER_MESSAGES.error, message);
  }

  // ---------------------------------------------------------------- bots and sync (table-bots.ts, table-sync.ts)

  /** The bots' window on this table; read lazily, since the game is known only after onCreate. */
  private botTable(): BotTable {
    const room = this;
    return {
      get game() {
        return room.game;
      },
      gameState: () => room.gameState,
      seatKind: (seat) => room.slots[seat]?.kind,
      get seed() {
        return room.seed;
      },
      moveNumber: () => room.actedBy.length,
      mayMove: () => room.status() === "playing" && !room.halted && !room.failed && !room.ending && !room.awaitingPeople && !room.botsWaitForRebuild,
      perform: (seat, action) => perform(room, seat, action),
      guarded: (work) => room.guarded(null, null, work),
      get timers() {
        return room.pulse;
      },
      get log() {
        return room.log;
      },
      get delayMs() {
        return botDelay(room);
      },
      get thinker() {
        return room.settings.thinker;
      },
    };
  }

  /** Publishes the game as stored so far (at a start, an end, or a rebuild: nothing is pending then). */
  publish(): void {
    this.sync.publish(this.gameState, this.status() === "playing");
  }

  private listing(): TableListing {
    return tableListing(this.game, this.status(), this.slots, this.createdAt);
  }

  updateListing(): void {
    this.setMetadata(this.listing()).catch((error: unknown) => this.log.error({ err: error }, "could not update the lobby listing"));
  }

  /**
   * An ended table announces its end (so a lobby can point to its replay), then leaves the list
   * at once: it stays open only for the people still looking at it (issue #15).
   */
  endListing(): void {
    this.setMetadata(this.listing())
      .then(() => this.setPrivate(true))
      .catch((error: unknown) => this.log.error({ err: error }, "could not take the ended table off the lobby list"));
  }
}

/** The table room class bound to one server's settings. */
export function tableRoomWith(settings: TableSettings): new () => TableRoom {
  return class ConfiguredTableRoom extends TableRoom {
    override readonly settings = settings;

    /** The only hook that runs before a place is reserved, so its refusal reaches the client typed. */
    static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<true> {
      const refusal = refuseRequest(matchmakeRequestOf(context), options, settings.budgets, (roomId) => {
        const room = matchMaker.getLocalRoomById(roomId);
        return room instanceof TableRoom ? room : null;
      });
      if (refusal) throw new JoinRejected(refusal.code, refusal.message);
      return true;
    }
  };
}
