/**
 * The one room type of Saloon: a table hosting any game of the registry through the engine
 * contract (DESIGN.md principle 4). The full game state, the seed and the action log live in
 * this object's memory; what goes out is the projection in `TableStateSchema`.
 *
 * A move counts once it is stored (principle 5): an accepted action is applied to the game
 * state at once (so the next one is checked against it) but published, and the bots told, only
 * after the store has committed it. A table is rebuilt under the same id from its seed and
 * stored actions after a restart, a crash, or on another process (table-keeper.ts).
 */
import { type AuthContext, CloseCode, matchMaker, Room, type RoomException } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { ActionConflict, type ActionWriter, type MatchStore, OwnershipLost, type ResumableMatch, hashToken } from "@saloon/db";
import { type ActionBase, type AnyGame, type FinalScores, type GameError, type Json, type LogEvent, type Seat, cloneJson, newTableSeed, sameJson, stepPreview } from "@saloon/engine";
import {
  CLIENT_MESSAGES,
  CLOSE_CODES,
  type ErrorMessage,
  MAX_ACTION_BYTES,
  SERVER_MESSAGES,
  type SeatKind,
  type TableListing,
  type TableStatus,
  type BotPace,
  actionMessage,
  botPaceMessage,
  flattenView,
} from "@saloon/protocol";
import type { Logger } from "pino";
import { Admission, type Refusal, refuseRequest } from "./admission.ts";
import type { Budgets } from "./budgets.ts";
import { MatchRecorder } from "./match-recorder.ts";
import { matchmakeRequestOf } from "./matchmake-request.ts";
import { JoinRejected, describeIssues, jsonSize, parseJoin, splitOptions } from "./table-options.ts";
import { readCreateRequest, replayStored } from "./table-setup.ts";
import { type PlayerJoin, type SeatSlot, type TableClient, chooseSeat, endGrace, readAbsentSeatChoice, seatFacts, startGrace } from "./table-seats.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";
import { type BotTable, TableBots } from "./table-bots.ts";
import { TableChat } from "./table-chat.ts";
import { type Projection, TableSync, tableListing } from "./table-sync.ts";
import { TurnUndo, type UndoStep } from "./table-undo.ts";
import { connectionAddress, sendingTogether } from "./transport.ts";

/** What the server hands every table; tests pass their own (short bot delay, test games). */
export interface TableSettings {
  games: Readonly<Record<string, AnyGame>>;
  /** How long a server bot "thinks" before it acts, in ms (room clock). */
  botDelayMs: number;
  /** The server's rate budgets (per person and per address), shared with every room. */
  budgets: Budgets;
  logger: Logger;
  /** How long a dropped connection keeps its session for the SDK's automatic reconnection. */
  reconnectSeconds: number;
  /** Spectators allowed on top of the seats. */
  spectatorLimit: number;
  /** How long a matchmaking reservation waits for its connection (seconds). */
  seatReservationSeconds: number;
  /** Patch interval in ms. Accepted actions are pushed once stored; this paces joins, leaves and the room clock (bot timers). */
  patchRateMs: number;
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

/** One accepted action, in order: with the seed, enough to rebuild the game (principle 5). */
export interface AcceptedAction {
  seat: Seat;
  action: ActionBase;
  at: number;
}


/** A received message type for an error text: whatever a frame decoded to (once an object without a prototype). */
export function describeType(type: unknown): string {
  return typeof type === "string" || typeof type === "number" ? String(type).slice(0, 40) : `(${typeof type})`;
}

/** How long a reservation at a rebuilt table waits for its connection (s), for its first minute. */
export const RECOVERY_RESERVATION_SECONDS = 30;
/** A "quick" bot waits this share of the server's (normal) bot delay per step. */
const QUICK_BOT_SHARE = 0.3;

/** Why an abandoned match ended, as stored and shown. */
export const END_REASONS = { byPlayers: "ended-by-players", allLeft: "all-left", failed: "table-failed" } as const;

export abstract class TableRoom extends Room<{ state: TableStateSchema; metadata: TableListing; client: TableClient }> {
  protected abstract readonly settings: TableSettings;

  private game!: AnyGame;
  private log!: Logger;
  /** The table's seed: the source of all the game's randomness. Never synced, never sent. */
  private seed = "";
  /** The game after every accepted action, stored or not yet. */
  private gameState: unknown;
  private readonly actions: AcceptedAction[] = [];
  private readonly events: LogEvent[] = [];
  private slots: SeatSlot[] = [];
  private readonly bots = new TableBots(this.botTable());
  private sync!: TableSync;
  private chat!: TableChat;
  private createdAt = 0;
  private graceSeconds = 0;
  private recorder!: MatchRecorder;
  /** Accepted actions publish strictly in order, each once its write has committed. */
  private publishing: Promise<void> = Promise.resolve();
  /** The start is being stored: seats are final, moves not yet allowed. */
  private starting = false;
  /** This copy of the table must stop (another process runs it, or the store refused it). */
  private halted = false;
  /** The game is being ended early: no more moves. */
  private ending = false;
  /** The match row is written (at the first person's arrival, or it was rebuilt from the store). */
  private recorded = false;
  /** A fault outside the guarded paths closed this table. */
  private failed = false;
  /**
   * Rebuilt after a restart or crash, and none of its people back yet: its bots wait for them,
   * so nobody comes back to moves made while they could not see them (and a thousand tables
   * coming back at once do not spend the CPU their people need to get back in).
   */
  private awaitingPeople = false;
  /** The steps of the turn going on that their person may take back (table-undo.ts). */
  private readonly undo = new TurnUndo();
  private botPace: BotPace = "normal";
  private admissionRules?: Admission;
  private get admission(): Admission {
    this.admissionRules ??= new Admission(this.settings.spectatorLimit);
    return this.admissionRules;
  }

  override onCreate(raw: unknown): void {
    const recovery = this.settings.recoveries.get(this.roomId);
    if (recovery) {
      this.settings.recoveries.delete(this.roomId);
      if (recovery.status === "waiting") this.rebuildWaiting(recovery);
      else this.rebuild(recovery);
    } else {
      this.createFresh(raw);
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
      this.clock.setTimeout(() => (this.seatReservationTimeout = this.settings.seatReservationSeconds), RECOVERY_RESERVATION_SECONDS * 2000);
    }
    this.maxMessagesPerSecond = Math.max(60, this.settings.budgets.limits.messages.burst * 3);
    this.gateReservations();
    this.patchRate = this.settings.patchRateMs;
    this.metadata = this.listing();
    this.onMessage(CLIENT_MESSAGES.action, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onAction(client, payload)));
    this.onMessage(CLIENT_MESSAGES.absentSeat, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onAbsentSeat(client, payload)));
    this.onMessage(CLIENT_MESSAGES.chat, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onChat(client, payload)));
    this.onMessage(CLIENT_MESSAGES.undo, (client: TableClient) => this.guarded(client, () => this.onUndo(client)));
    this.onMessage(CLIENT_MESSAGES.botPace, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onBotPace(client, payload)));
    this.onMessage(CLIENT_MESSAGES.skipBots, (client: TableClient) => this.guarded(client, () => this.onSkipBots(client)));
    this.onMessage(CLIENT_MESSAGES.checkStep, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onCheckStep(client, payload)));
    this.onMessage("*", (client: TableClient, type: unknown) => {
      if (!this.allow(client)) return;
      this.reject(client, { code: "UNKNOWN_MESSAGE", message: `No message "${describeType(type)}" here; send "${CLIENT_MESSAGES.action}"` });
    });
    this.keepWhileEmpty();
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
  loseOwnership(): void {
    this.halt(new OwnershipLost(this.roomId));
  }

  private createFresh(raw: unknown): void {
    const { game, request, bots, options, automa } = readCreateRequest(raw, this.settings.games);
    try {
      this.seed = newTableSeed();
      this.gameState = game.setup(this.seed, request.seats, options);
      flattenView(game.view(this.gameState, null));
    } catch (cause) {
      throw new JoinRejected("BAD_SETUP", (cause as Error).message);
    }
    this.begin(game, Date.now(), request.graceSeconds);
    this.chat = new TableChat(request.spectatorChat);
    for (let seat = 0; seat < request.seats; seat++) {
      const isBot = bots.has(seat);
      // Seats the game plays itself (El Paso's Sue) go by the game's name for them.
      this.addSlot(seat, isBot ? "bot" : "open", isBot ? (automa.get(seat) ?? `Bot ${seat + 1}`) : "", null);
    }
    // The match row is written when the first person arrives (recordCreation): a table nobody
    // ever joined (an HTTP-only create) leaves no row behind.
    this.setBotPace(request.botPace);
    this.recorder = this.recorderFor(options, request.private);
    if (request.private) this.makePrivate();
    this.log.info({ seats: request.seats, bots: [...bots], private: request.private }, "table created");
    this.maybeStart();
  }

  /** The same table again from the store: seed, seats and every stored action, replayed by the rules. */
  private rebuild(match: ResumableMatch): void {
    const game = Object.hasOwn(this.settings.games, match.game) ? this.settings.games[match.game] : undefined;
    if (!game) throw new Error(`cannot rebuild table ${match.id}: no game "${match.game}" on this server`);
    const replayed = replayStored(game, match);
    this.seed = match.seed;
    this.gameState = replayed.gameState;
    this.actions.push(...replayed.actions);
    this.events.push(...replayed.events);
    this.begin(game, match.createdAt.getTime(), match.table.graceSeconds ?? 0);
    this.chat = new TableChat(match.table.spectatorChat ?? false, match);
    const now = Date.now();
    for (const seat of match.seats) {
      const slot = this.addSlot(seat.seat, seat.kind, seat.name, seat.tokenHash);
      slot.personName = seat.name;
      // Everybody was disconnected by the restart: each person's grace period starts now.
      if (seat.kind === "human") this.startGrace(slot, now);
    }
    this.setBotPace(match.table.botPace);
    this.recorder = this.recorderFor(match.options, match.table.private ?? false);
    this.recorded = true;
    this.recorder.resumed(match.startedAt, seatFacts(this.slots));
    this.state.version = this.actions.length;
    this.state.status = "playing";
    this.awaitingPeople = this.slots.some((slot) => slot.kind === "human");
    if (match.table.private) this.makePrivate();
    this.log.info({ actions: this.actions.length }, "table rebuilt from the store");
    // A game whose last move was stored but whose end was not: finish it now.
    if (game.isOver(this.gameState)) void this.finish(game.scores(this.gameState)!).catch((error: unknown) => this.halt(error));
  }

  /**
   * A table that had not started yet, again: its game set up from the stored seed, its bots, and
   * each person who sat there holding their seat for the reconnection time (their page rejoins
   * by itself and sits them on it again); a seat nobody comes back to opens for anyone.
   */
  private rebuildWaiting(match: ResumableMatch): void {
    const game = Object.hasOwn(this.settings.games, match.game) ? this.settings.games[match.game] : undefined;
    const seats = match.table.seats;
    if (!game || !seats) throw new Error(`cannot rebuild table ${match.id}: ${game ? "its seats were not stored" : `no game "${match.game}" on this server`}`);
    this.seed = match.seed;
    this.gameState = game.setup(match.seed, seats, match.options);
    this.begin(game, match.createdAt.getTime(), match.table.graceSeconds ?? 0);
    this.chat = new TableChat(match.table.spectatorChat ?? false, match);
    const bots = new Map((match.table.bots ?? []).map((bot) => [bot.seat, bot.name]));
    for (let seat = 0; seat < seats; seat++) {
      const person = match.seats.find((s) => s.seat === seat && s.kind === "human" && s.tokenHash);
      if (bots.has(seat)) {
        this.addSlot(seat, "bot", bots.get(seat)!, null);
      } else if (person) {
        const slot = this.addSlot(seat, "human", person.name, person.tokenHash);
        this.clock.setTimeout(() => {
          if (slot.client || this.status() !== "waiting" || this.starting || slot.tokenHash !== person.tokenHash) return;
          this.log.info({ seat }, "nobody came back to a seat of a rebuilt table; it is open again");
          this.setSeat(slot, "open", "", null);
          this.recorder.seatChanged(seatFacts(this.slots)[seat]!);
          this.updateListing();
        }, this.settings.reconnectSeconds * 1000);
      } else {
        this.addSlot(seat, "open", "", null);
      }
    }
    this.setBotPace(match.table.botPace);
    this.recorder = this.recorderFor(match.options, match.table.private ?? false);
    this.recorded = true;
    if (match.table.private) this.makePrivate();
    this.log.info({ seated: match.seats.filter((s) => s.kind === "human" && s.tokenHash).length }, "waiting table rebuilt from the store");
  }

  private begin(game: AnyGame, createdAt: number, graceSeconds: number): void {
    this.game = game;
    this.createdAt = createdAt;
    this.graceSeconds = graceSeconds;
    this.log = this.settings.logger.child({ table: this.roomId, game: game.id });
    const state = new TableStateSchema();
    state.game = game.id;
    this.state = state;
    this.sync = new TableSync(game, state, () => this.slots.length, this.events);
  }

  private addSlot(seat: Seat, kind: SeatKind, name: string, tokenHash: string | null): SeatSlot {
    const schema = new SeatSchema();
    schema.seat = seat;
    schema.secret = new PrivateSeatSchema();
    schema.kind = kind;
    schema.name = name;
    schema.connected = kind === "bot";
    this.state.seats.push(schema);
    const slot: SeatSlot = { kind, name, tokenHash, personName: "", client: null, sessionId: null, reconnection: null, graceTimer: null, schema };
    this.slots.push(slot);
    return slot;
  }

  private recorderFor(options: unknown, isPrivate: boolean): MatchRecorder {
    return new MatchRecorder(this.settings.store, this.settings.writer, this.log, {
      id: this.roomId,
      game: this.game.id,
      rulesVersion: this.game.rulesVersion,
      options: (options ?? null) as Json,
      seed: this.seed,
      createdAt: new Date(this.createdAt),
      table: {
        private: isPrivate,
        graceSeconds: this.graceSeconds,
        spectatorChat: this.chat.spectatorsMayWrite,
        seats: this.slots.length,
        bots: this.slots.filter((slot) => slot.kind === "bot" && !slot.tokenHash).map((slot) => ({ seat: slot.schema.seat, name: slot.name })),
        botPace: this.botPace,
      },
      ownerId: matchMaker.processId,
    });
  }

  private makePrivate(): void {
    this.setPrivate(true).catch((error: unknown) => this.log.error({ err: error }, "could not make the table private"));
  }

  override onJoin(client: TableClient, raw: unknown): void {
    const parsed = parseJoin(splitOptions(raw).join);
    if (!parsed.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(parsed.error));
    const request = parsed.data;

    // Everything up to taking the seat is synchronous, so two people can never get the same seat.
    const seat = request.spectate ? null : chooseSeat(this.slots, request);
    const person = request.token ? `token:${request.token}` : `session:${client.sessionId}`;
    client.userData = { seat, person, address: connectionAddress(client), overdraft: 0, flooded: false, name: request.name ?? "" };
    client.view = new StateView();
    this.recordCreation();

    if (seat !== null && !request.spectate) {
      this.sit(seat, client, request);
      client.view.add(this.slots[seat]!.schema);
    } else {
      this.log.debug({ session: client.sessionId }, "spectator joined");
    }
    client.send(SERVER_MESSAGES.seated, { seat, game: this.game.id });
    this.sync.sendHistory(client, this.seatOf(client));
    client.send(SERVER_MESSAGES.chat, this.chat.history(this.seatOf(client)));
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
      if (this.status() === "playing") this.startGrace(slot, Date.now());
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
      this.setSeat(slot, "open", "", null);
      this.recorder.seatChanged(seatFacts(this.slots)[slot.schema.seat]!);
      this.updateListing();
    } else if (this.status() === "playing") {
      // The seat stays theirs: the same token takes it back during the grace period and after.
      this.startGrace(slot, Date.now());
      this.log.info({ seat: slot.schema.seat, graceSeconds: this.graceSeconds }, "seat left during the game; its grace period runs");
    }
  }

  override async onDispose(): Promise<void> {
    if (this.settings.running.get(this.roomId) === this) this.settings.running.delete(this.roomId);
    this.log?.info({ status: this.state?.status, actions: this.actions.length, failed: this.failed }, "table closed");
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
      if (client) this.reject(client, { code: "INTERNAL_ERROR", message: "The server failed on this message; it has been logged" });
      return;
    }
    this.failTable(error.cause ?? error, method);
  }

  /**
   * A fault outside the guarded paths leaves the room in a state nobody planned: close this
   * table (its match is marked abandoned in onDispose); every other table keeps serving.
   */
  private failTable(error: unknown, where: string): void {
    if (this.failed) return;
    this.failed = true;
    this.bots.stop();
    this.log?.error({ err: error, where }, "table failed; closing it");
    this.disconnect(CLOSE_CODES.tableFailed).catch((cause: unknown) => this.log?.error({ err: cause }, "could not close a failed table"));
  }

  // ---------------------------------------------------------------- admission

  /** Why a reservation with these options may not be made now, or null. */
  refusalFor(options: unknown): Refusal | null {
    const { join } = splitOptions(options);
    return this.admission.check(join, {
      // A person's own seat, also while a bot plays it for them: they may always take it back.
      holds: (token) => {
        const tokenHash = hashToken(token);
        return this.slots.some((slot) => slot.kind !== "open" && slot.tokenHash === tokenHash);
      },
      openSeats: this.slots.filter((slot) => slot.kind === "open").length,
      seats: this.slots.length,
      spectators: this.clients.filter((client) => client.userData?.seat === null).length,
      // Colyseus keeps unused reservations as enumerable entries [options, auth, consumed, reconnecting].
      pending: Object.values(this.reservations()).map(([reserved]) => splitOptions(reserved).join),
    });
  }

  private reservations(): Record<string, [unknown, unknown, boolean, boolean]> {
    return (this as unknown as { _reservedSeats: Record<string, [unknown, unknown, boolean, boolean]> })._reservedSeats;
  }

  /** Colyseus reserves places on HTTP requests before any hook of ours runs: admission goes first. */
  private gateReservations(): void {
    const room = this as unknown as { _reserveSeat: (sessionId: string, options: unknown, ...rest: unknown[]) => Promise<boolean> };
    const reserve = room._reserveSeat.bind(this);
    room._reserveSeat = async (sessionId, options, ...rest) => {
      const reconnecting = rest[2] === true; // a dropped client's own place: never refused
      if (!reconnecting && this.refusalFor(options)) return false;
      return reserve(sessionId, options, ...rest);
    };
  }

  /** The match row, written once the first person (player or spectator) has arrived. */
  private recordCreation(): void {
    if (this.recorded) return;
    this.recorded = true;
    this.recorder.created();
  }

  // ---------------------------------------------------------------- seats

  private sit(seat: Seat, client: TableClient, request: PlayerJoin): void {
    const slot = this.slots[seat]!;
    const previous = slot.client;
    const pending = slot.reconnection;
    const tookBack = slot.kind === "bot";
    slot.client = client;
    slot.sessionId = client.sessionId;
    slot.reconnection = null;
    slot.schema.connected = true;
    endGrace(slot);
    this.setSeat(slot, "human", request.name, hashToken(request.token));
    if (tookBack) {
      // A bot was playing for this person: it hands the seat back.
      this.bots.cancel(seat);
      this.recorder.seatChanged(seatFacts(this.slots)[seat]!);
    }

    // The newer connection wins: close the older one, or stop waiting for it to come back.
    if (pending && "reject" in pending && typeof pending.reject === "function") pending.reject(new Error("replaced"));
    if (previous && previous !== client && this.clients.includes(previous)) {
      previous.leave(CLOSE_CODES.replaced, "This seat was taken over by a newer connection");
    }
    // Before the start, who sits where is stored too: a table rebuilt before its start keeps its people's seats.
    if (this.status() === "waiting") this.recorder.seatChanged(seatFacts(this.slots)[seat]!);
    this.log.info({ seat, name: request.name, reclaimed: previous !== null || pending !== null, tookBack }, "seat taken");
    this.updateListing();
    this.keepWhileEmpty();
    this.maybeStart();
    if (this.awaitingPeople) {
      // The first person is back at a rebuilt table: its bots play on.
      this.awaitingPeople = false;
      this.bots.schedule();
    }
  }

  private setSeat(slot: SeatSlot, kind: SeatKind, name: string, tokenHash: string | null): void {
    slot.kind = kind;
    slot.name = name;
    slot.tokenHash = tokenHash;
    if (kind === "human") slot.personName = name;
    slot.schema.kind = kind;
    slot.schema.name = name;
  }

  /** The seat a client may act for: its own, and only while it is that seat's current connection. */
  private seatOf(client: TableClient): Seat | null {
    return this.slotOf(client)?.schema.seat ?? null;
  }

  private slotOf(client: TableClient): SeatSlot | undefined {
    const seat = client.userData?.seat;
    if (seat === null || seat === undefined) return undefined;
    const slot = this.slots[seat];
    return slot && slot.sessionId === client.sessionId ? slot : undefined;
  }

  private status(): TableStatus {
    return this.state.status as TableStatus;
  }

  private maybeStart(): void {
    if (this.status() !== "waiting" || this.starting || this.slots.some((slot) => slot.kind === "open")) return;
    this.starting = true;
    // Who sits where is stored before anyone may move, so a rebuilt table knows its people.
    void this.recorder.started(new Date(), seatFacts(this.slots)).then(() => {
      if (this.halted) return;
      this.state.status = "playing";
      for (const slot of this.slots) if (slot.kind === "human" && !slot.client) this.startGrace(slot, Date.now());
      this.log.info("game started");
      this.publish();
      this.updateListing();
      this.keepWhileEmpty();
      this.bots.schedule();
    });
  }

  // ---------------------------------------------------------------- absence and its grace period

  /** A person is away: their seat waits through the grace period, then the others may decide. */
  private startGrace(slot: SeatSlot, now: number): void {
    startGrace(slot, now, this.graceSeconds, this.clock, () => {
      if (slot.client || this.status() !== "playing") return false;
      this.log.info({ seat: slot.schema.seat }, "grace period over; the others may give the seat to a bot or end the game");
      // Nobody left to decide: the game cannot go on.
      if (!this.slots.some((s) => s.kind === "human" && s.client)) this.abandon(END_REASONS.allLeft);
      return true;
    });
  }

  /**
   * A table with people at a running game stays open when they all leave: their seats wait
   * through the grace period (and a rebuilt table has nobody connected at first). Finished,
   * abandoned, waiting and all-bot tables close when the last connection goes.
   */
  private keepWhileEmpty(): void {
    this.autoDispose = !(this.status() === "playing" && this.slots.some((slot) => slot.kind === "human" || slot.tokenHash));
  }

  private onAbsentSeat(client: TableClient, payload: unknown): void {
    if (!this.allow(client)) return;
    const decision = readAbsentSeatChoice(this.slots, this.status() === "playing", this.seatOf(client), payload);
    if ("code" in decision) return this.reject(client, decision);
    const { choice, slot } = decision;
    this.log.info({ seat: choice.seat, choice: choice.choice, by: this.seatOf(client) }, "absent seat decided");
    if (choice.choice === "end") return this.abandon(END_REASONS.byPlayers);
    endGrace(slot);
    const personName = slot.name;
    this.setSeat(slot, "bot", `Bot for ${personName}`.slice(0, 24), slot.tokenHash);
    slot.personName = personName;
    slot.schema.connected = true;
    this.recorder.seatChanged(seatFacts(this.slots)[choice.seat]!);
    this.updateListing();
    this.bots.schedule();
  }

  /**
   * Ends a running game before its end: no more moves are taken, the ones already accepted are
   * stored and shown, then the game is stored as abandoned with its log and the table closes.
   */
  private abandon(reason: string): void {
    if (this.status() !== "playing" || this.ending) return;
    this.ending = true;
    this.bots.stop();
    for (const slot of this.slots) endGrace(slot);
    void this.publishing.then(async () => {
      if (this.status() !== "playing") return; // the last accepted move ended the game after all
      this.state.status = "abandoned";
      this.state.endReason = reason;
      this.publish();
      this.endListing();
      this.log.info({ reason, actions: this.actions.length }, "game abandoned");
      await this.recorder.abandoned(reason);
      this.closeSoon();
    });
  }

  /** An ended table stays a little for those looking at it, then closes. */
  private closeSoon(): void {
    this.autoDispose = true;
    if (this.clients.length === 0) void this.disconnect();
    else this.clock.setTimeout(() => void this.disconnect(), this.settings.closingSeconds * 1000);
  }

  // ---------------------------------------------------------------- actions

  /**
   * Runs one unit of work so that a fault (a bug in a game's view or bot, or here) is logged and
   * answered, never thrown into the process: the room and every other table live on.
   */
  private guarded(client: TableClient | null, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.log.error({ err: error, seat: client ? this.seatOf(client) : "bot" }, "failed while handling an action");
      if (client) this.reject(client, { code: "INTERNAL_ERROR", message: "The server failed on this action; it has been logged" });
    }
  }

  /**
   * The sender's budget (its person's and its address's); a refused message gets RATE_LIMITED and
   * nothing else happens. A client that keeps sending a whole burst past refusals is closed at once.
   */
  private allow(client: TableClient): boolean {
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
    this.reject(client, { code: "RATE_LIMITED", message: "Too many messages; slow down" });
    return false;
  }

  private onAction(client: TableClient, payload: unknown): void {
    if (!this.allow(client)) return;
    const size = jsonSize(payload);
    if (size === null || size > MAX_ACTION_BYTES) {
      this.reject(client, { code: "BAD_MESSAGE", message: `An action is a JSON object of at most ${MAX_ACTION_BYTES} bytes` });
      return;
    }
    const shape = actionMessage.safeParse(payload);
    if (!shape.success) {
      this.reject(client, { code: "BAD_MESSAGE", message: `Not an action: ${describeIssues(shape.error)}` });
      return;
    }
    const seat = this.seatOf(client);
    if (seat === null) {
      this.reject(client, { code: "NOT_SEATED", message: "Only a seated player can act; spectators watch" });
      return;
    }
    const status = this.status();
    if (status === "waiting") {
      this.reject(client, { code: "NOT_STARTED", message: "The game starts when every seat is taken" });
      return;
    }
    if (status !== "playing" || this.game.isOver(this.gameState) || this.halted || this.failed || this.ending) {
      this.reject(client, { code: "GAME_OVER", message: status === "abandoned" || this.ending ? "The game was ended before its end" : "The game is over" });
      return;
    }
    const error = this.perform(seat, payload);
    if (error) this.reject(client, error);
  }

  /** A chat message (table-chat.ts): checked, shown to everyone at the table at once, stored with the match. */
  private onChat(client: TableClient, payload: unknown): void {
    const data = client.userData;
    if (!data || !this.allow(client) || this.halted || this.failed) return;
    const seat = this.seatOf(client);
    const sender = { seat, name: seat === null ? data.name : this.slots[seat]!.name, person: data.person };
    const line = this.chat.accept(sender, payload, this.state.version, Date.now());
    if ("code" in line) return this.reject(client, line);
    this.recorder.chat(line);
    this.broadcast(SERVER_MESSAGES.chat, { lines: [line], replace: false });
  }

  /**
   * Applies one action for a seat. Returns the rules' refusal, or null once it is accepted; it
   * goes out once stored.
   */
  private perform(seat: Seat, action: unknown): GameError | null {
    const result = this.game.apply(this.gameState, seat, action);
    if (!result.ok) return result.error;

    // Everything that calls into the game comes first: if it throws, nothing has changed yet.
    const over = this.game.isOver(result.state);
    const scores = over ? this.game.scores(result.state) : null;
    const projection = this.sync.project(result.state, !over);

    const before = this.gameState;
    this.gameState = result.state;
    const accepted = { seat, action: cloneJson(action) as ActionBase, at: Date.now() };
    const index = this.actions.length;
    this.actions.push(accepted);
    this.undo.accepted(this.game, index, seat, before, result.state, this.slots[seat]?.kind === "human");
    if (over) this.bots.stop();
    const stored = this.recorder.action(index, seat, accepted.action, new Date(accepted.at));
    this.publishing = this.publishing
      .then(() => stored)
      .then(
        () => this.publishAccepted(index, result.events, projection, scores),
        (error: unknown) => this.halt(error),
      )
      // Publishing runs after the write, outside any message handler: a fault there (a game's
      // event filter, say) fails this table alone instead of escaping to the process.
      .catch((error: unknown) => (error instanceof OwnershipLost ? this.halt(error) : this.failTable(error, "publish")));
    return null;
  }

  /** Action `index` is stored: now everyone sees it, and the bots may answer it. */
  private publishAccepted(index: number, events: LogEvent[], projection: Projection, scores: FinalScores | null): Promise<void> | void {
    if (this.halted || this.failed || this.status() === "abandoned") return;
    const from = this.events.length;
    this.events.push(...events);
    this.undo.published(index, from);
    this.showUndo();
    this.state.version = index + 1;
    this.sync.write(projection);
    // Push the change now instead of waiting for the next patch tick; the patch and the log
    // message leave each connection in one write.
    sendingTogether(this.clients, () => {
      this.broadcastPatch();
      this.sync.sendEvents(this.clients, (client) => this.seatOf(client), from);
    });
    if (scores) return this.finish(scores);
    this.bots.schedule();
  }

  // ---------------------------------------------------------------- undo and bot pace (issue #15 items 3 and 5)

  /** Takes back the sender's last step of its turn, if it may (table-undo.ts); everyone sees the game as before it. */
  private onUndo(client: TableClient): void {
    if (!this.allow(client)) return;
    const seat = this.seatOf(client);
    if (seat === null) return this.reject(client, { code: "NOT_SEATED", message: "Only a seated player can take back a step" });
    if (this.status() !== "playing" || this.halted || this.failed || this.ending) {
      return this.reject(client, { code: this.status() === "waiting" ? "NOT_STARTED" : "GAME_OVER", message: "There is no game going on to take a step back in" });
    }
    const owes = this.game.prompts(this.gameState).some((prompt) => prompt.seat === seat);
    const step = this.undo.take(seat, owes);
    if ("code" in step) return this.reject(client, step);
    const projection = this.sync.project(step.before, true);
    this.gameState = step.before;
    this.actions.length = step.index;
    this.log.info({ seat, index: step.index }, "step taken back");
    // Deleted from the store after the step's own write, and before any later move is written.
    const stored = this.recorder.takeBack(step.index);
    this.publishing = this.publishing
      .then(() => stored)
      .then(
        () => this.publishUndo(step, projection),
        (error: unknown) => this.halt(error),
      )
      .catch((error: unknown) => (error instanceof OwnershipLost ? this.halt(error) : this.failTable(error, "publish")));
  }

  /** The take-back is stored: the step's log events go, a note that it was taken back comes, everyone sees the game as before it. */
  private publishUndo(step: UndoStep, projection: Projection): void {
    if (this.halted || this.failed || this.status() === "abandoned") return;
    if (step.eventsFrom !== null) this.events.length = step.eventsFrom;
    this.events.push({ type: "tookBack", seat: step.seat });
    this.showUndo();
    this.state.version = step.index;
    this.sync.write(projection);
    this.broadcastPatch();
    // The log lost entries: every client gets it whole again (a log message from 0 replaces it).
    for (const client of this.clients) this.sync.sendHistory(client, this.seatOf(client));
  }

  /** Each seat's count of steps it can take back, in its private part of the state. */
  private showUndo(): void {
    for (const slot of this.slots) {
      const count = Math.min(255, this.undo.available(slot.schema.seat));
      if (slot.schema.secret!.undo !== count) slot.schema.secret!.undo = count;
    }
  }

  private setBotPace(pace: string | undefined): void {
    this.botPace = pace === "instant" || pace === "quick" ? pace : "normal";
    this.state.botPace = this.botPace;
  }

  /** A seated person changes how fast the bots play; everyone at the table sees the new pace. */
  private onBotPace(client: TableClient, payload: unknown): void {
    if (!this.allow(client)) return;
    if (this.seatOf(client) === null) return this.reject(client, { code: "NOT_SEATED", message: "Only a seated player can change the bots' pace" });
    const parsed = botPaceMessage.safeParse(payload);
    if (!parsed.success) return this.reject(client, { code: "BAD_MESSAGE", message: `Not a bot pace: ${describeIssues(parsed.error)}` });
    if (parsed.data.pace === this.botPace) return;
    this.setBotPace(parsed.data.pace);
    this.recorder.tableChanged({ botPace: this.botPace });
    this.log.info({ seat: this.seatOf(client), pace: this.botPace }, "bot pace changed");
    this.bots.reschedule();
  }

  /** Would this action of the sender's be final? Tried on the current game, which stays as it is. */
  private onCheckStep(client: TableClient, payload: unknown): void {
    if (!this.allow(client)) return;
    const seat = this.seatOf(client);
    if (seat === null) return this.reject(client, { code: "NOT_SEATED", message: "Only a seated player has steps to check" });
    if (this.status() !== "playing") return this.reject(client, { code: "NOT_STARTED", message: "There is no game going on" });
    const size = jsonSize(payload);
    if (size === null || size > MAX_ACTION_BYTES) return this.reject(client, { code: "BAD_MESSAGE", message: `An action is a JSON object of at most ${MAX_ACTION_BYTES} bytes` });
    const result = this.game.apply(this.gameState, seat, payload);
    if (!result.ok) return this.reject(client, result.error);
    client.send(SERVER_MESSAGES.stepCheck, stepPreview(this.game, this.gameState, result.state, seat));
  }

  /** "Skip ahead": the bots play their pending steps at once, one by one, until a person is asked. */
  private onSkipBots(client: TableClient): void {
    if (!this.allow(client)) return;
    if (this.seatOf(client) === null) return this.reject(client, { code: "NOT_SEATED", message: "Only a seated player can hurry the bots" });
    if (this.status() !== "playing") return this.reject(client, { code: "NOT_STARTED", message: "The bots play only while the game is on" });
    this.bots.hurry();
  }

  /** The bots' wait per step at the table's pace: "normal" is the server's bot delay. */
  private botDelay(): number {
    const normal = this.settings.botDelayMs;
    return this.botPace === "instant" ? 0 : this.botPace === "quick" ? Math.round(normal * QUICK_BOT_SHARE) : normal;
  }

  /** The game is over: the result is stored, then shown. */
  private async finish(scores: FinalScores): Promise<void> {
    await this.recorder.finished(new Date(), this.actions, scores);
    this.state.status = "finished";
    this.state.result = JSON.stringify(scores);
    for (const slot of this.slots) endGrace(slot);
    this.publish();
    this.log.info({ actions: this.actions.length, winners: scores.winners }, "game finished");
    this.endListing();
    this.keepWhileEmpty();
    if (this.clients.length === 0) void this.disconnect();
  }

  /** A write that will never succeed here: this copy of the table stops; the stored match stays as it is. */
  private halt(error: unknown): void {
    if (this.halted) return;
    this.halted = true;
    this.bots.stop();
    const elsewhere = error instanceof ActionConflict || error instanceof OwnershipLost;
    this.log.error({ err: error }, elsewhere ? "this table runs on another process now; closing this copy" : "the store refused this table's moves; closing it");
    // Clients reconnect through the matchmaker and land on the copy that runs.
    void this.disconnect(CLOSE_CODES.moved);
  }

  private reject(client: TableClient, error: ErrorMessage | GameError): void {
    const message: ErrorMessage = { code: error.code, message: error.message };
    if (error.expected !== undefined) message.expected = error.expected;
    this.log.debug({ session: client.sessionId, code: message.code }, "action refused");
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
      moveNumber: () => room.actions.length,
      mayMove: () => room.status() === "playing" && !room.halted && !room.failed && !room.ending && !room.awaitingPeople,
      perform: (seat, action) => room.perform(seat, action),
      guarded: (work) => room.guarded(null, work),
      get clock() {
        return room.clock;
      },
      get log() {
        return room.log;
      },
      get delayMs() {
        return room.botDelay();
      },
    };
  }

  /** Publishes the game as stored so far (at a start, an end, or a rebuild: nothing is pending then). */
  private publish(): void {
    this.sync.publish(this.gameState, this.status() === "playing");
  }

  private listing(): TableListing {
    return tableListing(this.game, this.status(), this.slots, this.createdAt);
  }

  private updateListing(): void {
    this.setMetadata(this.listing()).catch((error: unknown) => this.log.error({ err: error }, "could not update the lobby listing"));
  }

  /**
   * An ended table announces its end (so a lobby can point to its replay), then leaves the list
   * at once: it stays open only for the people still looking at it (issue #15).
   */
  private endListing(): void {
    this.setMetadata(this.listing())
      .then(() => this.setPrivate(true))
      .catch((error: unknown) => this.log.error({ err: error }, "could not take the ended table off the lobby list"));
  }
}

/** The table room class bound to one server's settings. */
export function tableRoomWith(settings: TableSettings): new () => TableRoom {
  return class ConfiguredTableRoom extends TableRoom {
    protected override readonly settings = settings;

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
