/**
 * The one room type of Saloon: a table hosting any game of the registry through the engine
 * contract (DESIGN.md principle 4). The full game state, the seed and the action log live in
 * this object's memory; what goes out is the projection in `TableStateSchema`.
 */
import { randomBytes } from "node:crypto";
import { type Client, type Delayed, type Deferred, ErrorCode, Room, type RoomException, ServerError } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { type ActionBase, type AnyGame, type GameError, type Json, type LogEvent, type Random, type Seat, cloneJson, createRandom, sameJson } from "@saloon/engine";
import {
  CLIENT_MESSAGES,
  CLOSE_CODES,
  type ErrorMessage,
  type JoinErrorCode,
  type LogMessage,
  MAX_ACTION_BYTES,
  SERVER_MESSAGES,
  type SeatKind,
  type SeatedMessage,
  TABLE_OPTION_KEYS,
  type TableListing,
  type TableStatus,
  actionMessage,
  createTableOptions,
  formatJoinError,
  type joinOptions,
  playerJoinOptions,
  spectatorJoinOptions,
} from "@saloon/protocol";
import type { Logger } from "pino";
import type { z } from "zod";
import type { MatchStore } from "@saloon/db";
import { MatchRecorder } from "./match-recorder.ts";
import { type RateLimit, TokenBucket } from "./rate-limit.ts";
import { PrivateSeatSchema, SeatSchema, TableStateSchema } from "./table-state.ts";

/** What the server hands every table; tests pass their own (short bot delay, test games). */
export interface TableSettings {
  games: Readonly<Record<string, AnyGame>>;
  /** How long a server bot "thinks" before it acts, in ms (room clock). */
  botDelayMs: number;
  rateLimit: RateLimit;
  logger: Logger;
  /** How long a dropped connection keeps its place before it counts as gone. */
  reconnectSeconds: number;
  /** Spectators allowed on top of the seats. */
  spectatorLimit: number;
  /** Patch interval in ms. Accepted actions are pushed at once; this paces joins, leaves and the room clock (bot timers). */
  patchRateMs: number;
  /** Where every match is recorded (principle 5): seed, seats, action log, result. */
  store: MatchStore;
}

interface ClientData {
  /** The seat this connection was given on join; null for spectators. */
  seat: Seat | null;
  bucket: TokenBucket;
}

type TableClient = Client<{
  userData: ClientData;
  messages: { [SERVER_MESSAGES.seated]: SeatedMessage; [SERVER_MESSAGES.log]: LogMessage; [SERVER_MESSAGES.error]: ErrorMessage };
}>;

/** Who sits on a seat, kept in room memory only: the guest token never goes out. */
interface SeatSlot {
  kind: SeatKind;
  name: string;
  token: string | null;
  /** The connection currently acting for the seat (null while nobody is connected). */
  client: TableClient | null;
  /** sessionId of that connection: Colyseus keeps it across a reconnection, the Client object it does not. */
  sessionId: string | null;
  /** Pending `allowReconnection` while the seat's connection is dropped. */
  reconnection: Deferred<Client> | Promise<unknown> | null;
  schema: SeatSchema;
}

/** One accepted action, in order: with the seed, enough to rebuild the game (principle 5). */
export interface AcceptedAction {
  seat: Seat;
  action: ActionBase;
  at: number;
}

type JoinRequest = z.output<typeof joinOptions>;

/** The synced part of a game state: JSON texts per view key, public and per seat. */
interface Projection {
  publicView: Record<string, string>;
  seats: { view: Record<string, string>; prompt: string }[];
}

class JoinRejected extends ServerError {
  constructor(
    readonly reason: JoinErrorCode,
    message: string,
  ) {
    super(ErrorCode.APPLICATION_ERROR, formatJoinError(reason, message));
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 4)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Splits one options object into the table's part and the joiner's part. */
function splitOptions(raw: unknown): { table: Record<string, unknown>; join: Record<string, unknown> } {
  const table: Record<string, unknown> = {};
  const join: Record<string, unknown> = {};
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      ((TABLE_OPTION_KEYS as string[]).includes(key) ? table : join)[key] = value;
    }
  }
  return { table, join };
}

/** Join options, checked against the variant the client meant so errors name the real problem. */
function parseJoin(join: Record<string, unknown>) {
  return join.spectate === true ? spectatorJoinOptions.safeParse(join) : playerJoinOptions.safeParse(join);
}

/** Byte length of the value as JSON, or null when it is not JSON at all (BigInt, cycles). */
function jsonSize(value: unknown): number | null {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : Buffer.byteLength(text);
  } catch {
    return null;
  }
}

/** One JSON text per top-level key of a view. */
function viewTexts(view: unknown): Record<string, string> {
  if (!view || typeof view !== "object" || Array.isArray(view)) throw new Error("a game view must be a plain object");
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(view)) if (value !== undefined) texts[key] = JSON.stringify(value);
  return texts;
}

/** Makes `map` hold exactly `next`, touching only entries whose text changed so patches stay small. */
function syncMap(map: Map<string, string>, next: Record<string, string>): void {
  for (const key of [...map.keys()]) if (!Object.hasOwn(next, key)) map.delete(key);
  for (const [key, text] of Object.entries(next)) if (map.get(key) !== text) map.set(key, text);
}

export abstract class TableRoom extends Room<{ state: TableStateSchema; metadata: TableListing; client: TableClient }> {
  protected abstract readonly settings: TableSettings;

  private game!: AnyGame;
  private log!: Logger;
  /** The table's seed: the source of all the game's randomness. Never synced, never sent. */
  private seed = "";
  private gameState: unknown;
  private readonly actions: AcceptedAction[] = [];
  private readonly events: LogEvent[] = [];
  private slots: SeatSlot[] = [];
  private botRandom!: Random;
  private readonly botTimers = new Map<Seat, Delayed>();
  private createdAt = 0;
  private warnedHiddenKey = false;
  private recorder!: MatchRecorder;

  override onCreate(raw: unknown): void {
    const { table, join } = splitOptions(raw);
    const parsed = createTableOptions.safeParse(table);
    if (!parsed.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(parsed.error));
    const request = parsed.data;
    const creator = parseJoin(join);
    if (!creator.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(creator.error));

    const game = Object.hasOwn(this.settings.games, request.game) ? this.settings.games[request.game] : undefined;
    if (!game) throw new JoinRejected("UNKNOWN_GAME", `No game "${request.game}" here; see GET /api/games`);
    if (request.seats < game.minSeats || request.seats > game.maxSeats) {
      throw new JoinRejected("BAD_SETUP", `${game.title} takes ${game.minSeats}–${game.maxSeats} seats, not ${request.seats}`);
    }
    const bots = new Set(request.bots);
    if (bots.size !== request.bots.length) throw new JoinRejected("BAD_OPTIONS", "bots: a seat is listed twice");
    for (const seat of bots) {
      if (seat >= request.seats) throw new JoinRejected("BAD_OPTIONS", `bots: there is no seat ${seat} at a ${request.seats}-seat table`);
    }
    // Refuse a creator who could never sit down now, rather than leaving an orphan table behind.
    if (!creator.data.spectate) {
      if (bots.size === request.seats) throw new JoinRejected("TABLE_FULL", "Every seat is a bot; create the table with spectate: true to watch");
      const wanted = creator.data.seat;
      if (wanted !== undefined && (wanted >= request.seats || bots.has(wanted))) {
        throw new JoinRejected("SEAT_TAKEN", `Seat ${wanted} is not free at this table`);
      }
    }

    let options: unknown;
    try {
      options = game.parseOptions(request.options);
      this.seed = randomBytes(18).toString("base64url");
      this.gameState = game.setup(this.seed, request.seats, options);
      viewTexts(game.view(this.gameState, null));
    } catch (cause) {
      throw new JoinRejected("BAD_SETUP", (cause as Error).message);
    }

    this.game = game;
    this.createdAt = Date.now();
    this.botRandom = createRandom(randomBytes(18).toString("base64url"));
    this.log = this.settings.logger.child({ table: this.roomId, game: game.id });

    const state = new TableStateSchema();
    state.game = game.id;
    for (let seat = 0; seat < request.seats; seat++) {
      const schema = new SeatSchema();
      schema.seat = seat;
      schema.secret = new PrivateSeatSchema();
      const isBot = bots.has(seat);
      schema.kind = isBot ? "bot" : "open";
      schema.name = isBot ? `Bot ${seat + 1}` : "";
      schema.connected = isBot;
      state.seats.push(schema);
      this.slots.push({ kind: schema.kind as SeatKind, name: schema.name, token: null, client: null, sessionId: null, reconnection: null, schema });
    }
    this.state = state;

    // Spectators may come and go all game long, so the room is never locked (tech-stack P4);
    // maxClients alone caps it. Colyseus's own flood guard sits well above our token bucket.
    this.maxClients = request.seats + this.settings.spectatorLimit;
    this.maxMessagesPerSecond = Math.max(60, this.settings.rateLimit.burst * 3);
    this.patchRate = this.settings.patchRateMs;
    this.metadata = this.listing();
    if (request.private) {
      this.setPrivate(true).catch((error: unknown) => this.log.error({ err: error }, "could not make the table private"));
    }

    this.onMessage(CLIENT_MESSAGES.action, (client: TableClient, payload: unknown) => this.guarded(client, () => this.onAction(client, payload)));
    this.onMessage("*", (client: TableClient, type: string | number) => {
      if (!this.allow(client)) return;
      this.reject(client, { code: "UNKNOWN_MESSAGE", message: `No message "${String(type).slice(0, 40)}" here; send "${CLIENT_MESSAGES.action}"` });
    });

    this.recorder = new MatchRecorder(this.settings.store, this.log, {
      id: this.roomId,
      game: game.id,
      rulesVersion: game.rulesVersion,
      options: (options ?? null) as Json,
      seed: this.seed,
      createdAt: new Date(this.createdAt),
    });
    this.recorder.created();
    this.log.info({ seats: request.seats, bots: [...bots], private: request.private }, "table created");
    this.maybeStart();
    this.publish();
  }

  override onJoin(client: TableClient, raw: unknown): void {
    const parsed = parseJoin(splitOptions(raw).join);
    if (!parsed.success) throw new JoinRejected("BAD_OPTIONS", describeIssues(parsed.error));
    const request = parsed.data;

    // Everything up to taking the seat is synchronous, so two people can never get the same seat.
    const seat = request.spectate ? null : this.chooseSeat(request);
    client.userData = { seat, bucket: new TokenBucket(this.settings.rateLimit, performance.now()) };
    client.view = new StateView();

    if (seat !== null && !request.spectate) {
      this.sit(seat, client, request);
      client.view.add(this.slots[seat]!.schema);
    } else {
      this.log.debug({ session: client.sessionId }, "spectator joined");
    }
    client.send(SERVER_MESSAGES.seated, { seat, game: this.game.id });
    this.sendHistory(client);
  }

  override async onDrop(client: TableClient): Promise<void> {
    if (!client.userData) return; // the join was refused: there is nothing to hold
    const slot = this.slotOf(client);
    if (client.userData.seat !== null && !slot) return; // replaced by a newer connection: nothing to come back to
    if (slot) {
      slot.schema.connected = false;
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
      this.log.info({ seat: slot.schema.seat }, "seat reconnected");
    }
    // Messages sent while the connection was down are lost: say again who this is and resend the whole history.
    client.send(SERVER_MESSAGES.seated, { seat: slot?.schema.seat ?? null, game: this.game.id });
    this.sendHistory(client);
  }

  override onLeave(client: TableClient): void {
    if (!client.userData) return;
    const slot = this.slotOf(client);
    if (!slot) return; // a spectator, or a connection replaced by a newer one with the same token
    slot.client = null;
    slot.sessionId = null;
    slot.reconnection = null;
    slot.schema.connected = false;
    if (this.status() === "waiting") {
      // Before the start a seat belongs to whoever sits down next.
      this.log.info({ seat: slot.schema.seat, name: slot.name }, "seat left before the start");
      this.setSeat(slot, "open", "", null);
      this.updateListing();
    } else {
      // During the game the seat stays theirs: the same token takes it back at any time.
      this.log.info({ seat: slot.schema.seat }, "seat left during the game");
    }
  }

  override async onDispose(): Promise<void> {
    this.log?.info({ status: this.state?.status, actions: this.actions.length }, "table closed");
    if (!this.recorder) return; // creation was refused: nothing was recorded
    if (this.status() !== "finished") this.recorder.abandoned();
    // Let the last writes (above all a finished match's result) complete before the room goes.
    await this.recorder.flush();
  }

  override onUncaughtException(error: RoomException, method: string): void {
    if (error.cause instanceof JoinRejected) return; // a refused join is an answer, not a fault
    this.log?.error({ err: error.cause ?? error, method }, "unexpected error in the table room");
  }

  // ---------------------------------------------------------------- seats

  private chooseSeat(request: Extract<JoinRequest, { name: string }>): Seat {
    const mine = this.slots.findIndex((slot) => slot.token === request.token);
    if (mine >= 0) return mine; // same guest again: the same seat, whatever it asked for
    if (request.seat !== undefined) {
      const slot = this.slots[request.seat];
      if (!slot) throw new JoinRejected("BAD_OPTIONS", `There is no seat ${request.seat} at this table`);
      if (slot.kind !== "open") throw new JoinRejected("SEAT_TAKEN", `Seat ${request.seat} is taken`);
      return request.seat;
    }
    const free = this.slots.findIndex((slot) => slot.kind === "open");
    if (free < 0) throw new JoinRejected("TABLE_FULL", "Every seat is taken; join with { spectate: true } to watch");
    return free;
  }

  private sit(seat: Seat, client: TableClient, request: Extract<JoinRequest, { name: string }>): void {
    const slot = this.slots[seat]!;
    const previous = slot.client;
    const pending = slot.reconnection;
    slot.client = client;
    slot.sessionId = client.sessionId;
    slot.reconnection = null;
    slot.schema.connected = true;
    this.setSeat(slot, "human", request.name, request.token);

    // The newer connection wins: close the older one, or stop waiting for it to come back.
    if (pending && "reject" in pending && typeof pending.reject === "function") pending.reject(new Error("replaced"));
    if (previous && previous !== client && this.clients.includes(previous)) {
      previous.leave(CLOSE_CODES.replaced, "This seat was taken over by a newer connection");
    }
    this.log.info({ seat, name: request.name, reclaimed: previous !== null || pending !== null }, "seat taken");
    this.updateListing();
    this.maybeStart();
  }

  private setSeat(slot: SeatSlot, kind: SeatKind, name: string, token: string | null): void {
    slot.kind = kind;
    slot.name = name;
    slot.token = token;
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
    if (this.status() !== "waiting" || this.slots.some((slot) => slot.kind === "open")) return;
    this.state.status = "playing";
    this.recorder.started(
      new Date(),
      this.slots.map((slot) => ({ seat: slot.schema.seat, kind: slot.kind === "bot" ? "bot" : "human", name: slot.name, token: slot.token })),
    );
    this.log.info("game started");
    this.publish();
    this.updateListing();
    this.scheduleBots();
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

  /** The token bucket; a refused message gets RATE_LIMITED and nothing else happens. */
  private allow(client: TableClient): boolean {
    if (client.userData?.bucket.take(performance.now())) return true;
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
    if (status === "finished") {
      this.reject(client, { code: "GAME_OVER", message: "The game is over" });
      return;
    }
    const error = this.perform(seat, payload);
    if (error) this.reject(client, error);
  }

  /** Applies one action for a seat. Returns the rules' refusal, or null once it is accepted and sent out. */
  private perform(seat: Seat, action: unknown): GameError | null {
    const result = this.game.apply(this.gameState, seat, action);
    if (!result.ok) return result.error;

    // Everything that calls into the game comes first: if it throws, nothing has changed yet.
    const over = this.game.isOver(result.state);
    const scores = over ? this.game.scores(result.state) : null;
    const projection = this.project(result.state, !over);

    this.gameState = result.state;
    const accepted = { seat, action: cloneJson(action) as ActionBase, at: Date.now() };
    this.actions.push(accepted);
    this.recorder.actionAccepted(this.actions.length - 1, seat, accepted.action, new Date(accepted.at));
    const from = this.events.length;
    this.events.push(...result.events);
    this.state.version = this.actions.length;
    if (over) {
      this.state.status = "finished";
      this.state.result = JSON.stringify(scores);
      for (const timer of this.botTimers.values()) timer.clear();
      this.botTimers.clear();
    }
    this.write(projection);
    // Push the change now instead of waiting for the next patch tick.
    this.broadcastPatch();
    this.sendEvents(from);
    if (over) {
      this.recorder.finished(new Date(), this.actions, scores!);
      this.log.info({ actions: this.actions.length, winners: scores?.winners }, "game finished");
      this.updateListing();
    } else {
      this.scheduleBots();
    }
    return null;
  }

  private reject(client: TableClient, error: ErrorMessage | GameError): void {
    const message: ErrorMessage = { code: error.code, message: error.message };
    if (error.expected !== undefined) message.expected = error.expected;
    this.log.debug({ session: client.sessionId, code: message.code }, "action refused");
    client.send(SERVER_MESSAGES.error, message);
  }

  // ---------------------------------------------------------------- bots

  /** Gives every bot seat that owes a decision a pending move; several may be pending at once. */
  private scheduleBots(): void {
    if (this.status() !== "playing") return;
    for (const prompt of this.game.prompts(this.gameState)) {
      const seat = prompt.seat;
      if (this.slots[seat]?.kind !== "bot" || this.botTimers.has(seat)) continue;
      this.botTimers.set(
        seat,
        this.clock.setTimeout(() => {
          // The clock also ticks inside broadcastPatch(), i.e. in the middle of another
          // action's commit; moving in a microtask keeps commits strictly one after another.
          queueMicrotask(() => {
            this.botTimers.delete(seat);
            this.guarded(null, () => this.botMove(seat));
          });
        }, this.settings.botDelayMs),
      );
    }
  }

  private botMove(seat: Seat): void {
    if (this.status() !== "playing") return;
    const prompt = this.game.prompts(this.gameState).find((p) => p.seat === seat);
    if (!prompt) return this.scheduleBots();
    let choice: unknown;
    try {
      // The bot sees what its seat may see, never the full state.
      choice = this.game.bot(this.game.view(this.gameState, seat), prompt, this.botRandom);
    } catch (error) {
      this.log.error({ err: error, seat, kind: prompt.kind }, "bot failed; taking its first option");
      choice = prompt.options[0];
    }
    let refused = this.perform(seat, choice);
    if (refused && !sameJson(choice, prompt.options[0])) {
      this.log.error({ seat, kind: prompt.kind, error: refused }, "bot chose an illegal action; taking its first option");
      refused = this.perform(seat, prompt.options[0]);
    }
    if (refused) this.log.error({ seat, kind: prompt.kind, error: refused }, "the rules refuse their own option; the bot seat is stuck");
  }

  // ---------------------------------------------------------------- sync

  /**
   * What the synced state should hold for a game state: the public view for everyone and, per
   * seat, only the keys its own view shows differently, plus its prompt. Pure, so it can be
   * computed before anything is committed.
   */
  private project(gameState: unknown, playing: boolean): Projection {
    const publicView = viewTexts(this.game.view(gameState, null));
    const prompts = playing ? this.game.prompts(gameState) : [];
    const seats = this.slots.map((slot) => {
      const seat = slot.schema.seat;
      const own = viewTexts(this.game.view(gameState, seat));
      const view: Record<string, string> = {};
      for (const [key, text] of Object.entries(own)) if (publicView[key] !== text) view[key] = text;
      if (!this.warnedHiddenKey && Object.keys(publicView).some((key) => !Object.hasOwn(own, key))) {
        // A seat's view is read as public keys overridden by private ones, so a key the public
        // view has and the seat's lacks cannot be expressed; games must not do that.
        this.warnedHiddenKey = true;
        this.log.warn({ seat }, "a seat's view lacks a key of the public view; clients will still see the public value");
      }
      const prompt = prompts.find((p) => p.seat === seat);
      return { view, prompt: prompt ? JSON.stringify(prompt) : "" };
    });
    return { publicView, seats };
  }

  /** Writes a projection into the synced state, touching only what changed. */
  private write(projection: Projection): void {
    syncMap(this.state.view, projection.publicView);
    for (const [index, slot] of this.slots.entries()) {
      const secret = slot.schema.secret!;
      const mine = projection.seats[index]!;
      syncMap(secret.view, mine.view);
      if (secret.prompt !== mine.prompt) secret.prompt = mine.prompt;
    }
  }

  private publish(): void {
    this.write(this.project(this.gameState, this.status() === "playing"));
  }

  private eventsFor(client: TableClient, from: number): LogEvent[] {
    const seat = this.seatOf(client);
    const visible: LogEvent[] = [];
    for (let i = from; i < this.events.length; i++) {
      const event = this.game.viewEvent(this.events[i]!, seat);
      if (event) visible.push(event);
    }
    return visible;
  }

  private sendHistory(client: TableClient): void {
    client.send(SERVER_MESSAGES.log, { from: 0, to: this.events.length, events: this.eventsFor(client, 0) });
  }

  private sendEvents(from: number): void {
    for (const client of this.clients) {
      client.send(SERVER_MESSAGES.log, { from, to: this.events.length, events: this.eventsFor(client, from) });
    }
  }

  private listing(): TableListing {
    const seats = this.slots.map((slot) => ({ seat: slot.schema.seat, kind: slot.kind, name: slot.name }));
    return {
      game: this.game.id,
      gameTitle: this.game.title,
      status: this.status(),
      seats,
      seatsTaken: seats.filter((seat) => seat.kind !== "open").length,
      seatsTotal: seats.length,
      createdAt: this.createdAt,
    };
  }

  private updateListing(): void {
    this.setMetadata(this.listing()).catch((error: unknown) => this.log.error({ err: error }, "could not update the lobby listing"));
  }
}

/** The table room class bound to one server's settings. */
export function tableRoomWith(settings: TableSettings): new () => TableRoom {
  return class ConfiguredTableRoom extends TableRoom {
    protected override readonly settings = settings;
  };
}
