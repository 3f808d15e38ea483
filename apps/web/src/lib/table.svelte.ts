/**
 * One open table: the Colyseus room, its decoded snapshot, this client's seat, the log and the
 * server's error messages. The generic table page and every game renderer read from here.
 */
import type { Room } from "@colyseus/sdk";
import type { FinalScores, LogEvent, Prompt } from "@saloon/engine";
import {
  type AbsentSeatMessage,
  type ChatMessage,
  CLIENT_MESSAGES,
  CLOSE_CODES,
  joinErrorCode,
  type ErrorMessage,
  type LogMessage,
  SERVER_MESSAGES,
  type SeatedMessage,
  type BotPace,
  type StepCheckMessage,
  TABLE_ROOM,
  type TableSnapshot,
  decodePrompt,
  decodeResult,
  viewReader,
  refuses,
  reconnectLikeOurClients,
  rejoinDelayMs,
} from "@saloon/protocol";
import type { Option } from "../games/types.ts";
import { AnswerGate } from "./answer-gate.ts";
import { ChatLog } from "./chat.svelte.ts";
import { chatRefusalOf } from "./chat.ts";
import { m } from "../paraglide/messages.js";
import { JOIN_ERROR_TEXTS, tableErrorText } from "./errors.ts";
import { fetchMatch } from "./history.ts";
import { guestToken, savedName } from "./identity.ts";
import { colyseus, errorText } from "./server.ts";
import type { CreateTableRequest } from "./solo.ts";

export type Connection = "connecting" | "open" | "reconnecting" | "closed" | "failed";

export interface Notice {
  id: number;
  text: string;
}

let noticeIds = 0;

/** A join that failed because the table is not (yet) on any server: it may come back after a restart. */
function tableMissing(error: unknown): boolean {
  return !joinErrorCode(error) && /not found|no rooms? found|invalid room|disposed|not available|timed out|failed to fetch|networkerror|econnrefused/i.test(errorText(error));
}

/** How long a page keeps looking for a table that is not there (a server restarting rebuilds it within seconds). */
const MISSING_TABLE_PATIENCE_MS = 30_000;

/** A sentence for a failed join: the protocol's error code when there is one, else the raw message. */
export function joinFailure(error: unknown): string {
  const code = joinErrorCode(error);
  const text = errorText(error);
  if (code) return JOIN_ERROR_TEXTS[code]();
  if (/not found|no rooms? found|invalid room/i.test(text)) return m.table_gone();
  return text;
}

/** schema toJSON gives arrays for ArraySchema; accept a map too, sorted by seat. */
function normalise(raw: unknown): TableSnapshot {
  type SeatEntry = TableSnapshot["seats"][number];
  const s = raw as Omit<TableSnapshot, "seats"> & { seats: SeatEntry[] | Record<string, SeatEntry> };
  const seats: SeatEntry[] = Array.isArray(s.seats) ? s.seats : Object.values(s.seats ?? {});
  return {
    ...s,
    seats: [...seats].map((seat) => ({ ...seat, awayUntil: seat.awayUntil ?? 0, graceOver: seat.graceOver ?? false })).sort((a, b) => a.seat - b.seat),
    view: s.view ?? {},
    result: s.result ?? "",
    endReason: s.endReason ?? "",
  };
}

export class TableSession {
  readonly roomId: string;
  room = $state.raw<Room | null>(null);
  connection = $state<Connection>("connecting");
  /** The table is gone because its game ended: the page points to the replay instead. */
  ended = $state(false);
  /** Why the table is not reachable, in the reader's language (a function, so a language switch re-says it). */
  #failure = $state.raw<() => string>(() => "");
  get failure(): string {
    return this.#failure();
  }
  snapshot = $state.raw<TableSnapshot | null>(null);
  /** This client's seat; null for a spectator. Undefined until the server said so. */
  seat = $state<number | null | undefined>(undefined);
  gameId = $state("");
  log = $state.raw<LogEvent[]>([]);
  /** Events added by the most recent log message (what just happened). */
  recent = $state.raw<LogEvent[]>([]);
  notices = $state<Notice[]>([]);
  /**
   * An action (or an undo) is on its way; the board ignores clicks (and shows them waiting) until
   * the table shows it or refuses it (answer-gate.ts): another seat's move meanwhile does not free it.
   */
  busy = $state(false);
  readonly #answer = new AnswerGate();
  /** The table chat (chat.svelte.ts). */
  readonly chat = new ChatLog();

  /** This client's view kept up to date patch by patch (viewReader: what did not change stays the same, frozen, object); made again when the seat changes. */
  #viewReader: { seat: number | null; read: (snapshot: TableSnapshot) => unknown } | null = null;
  view = $derived.by(() => {
    if (!this.snapshot || this.seat === undefined) return null;
    if (this.#viewReader?.seat !== this.seat) this.#viewReader = { seat: this.seat, read: viewReader(this.seat) };
    return this.#viewReader.read(this.snapshot);
  });
  prompt = $derived.by<Prompt<Option> | null>(() =>
    this.snapshot && this.seat !== undefined && this.seat !== null ? (decodePrompt<Option>(this.snapshot, this.seat) as Prompt<Option> | null) : null,
  );
  result = $derived.by<FinalScores | null>(() => (this.snapshot ? decodeResult(this.snapshot) : null));
  /** How many steps of this turn this client's seat can take back now (issue #15 item 3). */
  undoable = $derived.by<number>(() => (this.snapshot && typeof this.seat === "number" ? (this.snapshot.seats.find((s) => s.seat === this.seat)?.secret?.undo ?? 0) : 0));
  /** Step checks waiting for their answer, oldest first: the option asked about (as JSON) and the version it was asked at. */
  #stepChecks: { option: string; version: number; answer: (answer: StepCheckMessage | null) => void }[] = [];

  #left = false;
  #watching = false;
  #retry: ReturnType<typeof setTimeout> | null = null;

  constructor(roomId: string) {
    this.roomId = roomId;
  }

  /**
   * Joins the room as a player (reclaiming our seat by token) or as a spectator. A table that is
   * not there is looked for again for a while: after a server restart or crash it comes back
   * under the same id within seconds.
   */
  async join(options: { watch: boolean; seat?: number }, startedAt = Date.now(), attempt = 0): Promise<void> {
    this.#watching = options.watch;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    if (this.#left) return;
    if (this.connection !== "reconnecting") this.connection = "connecting";
    this.#failure = () => "";
    try {
      // A spectator with a name brings it along: the chat shows it if the table lets spectators write.
      const joinOptions = options.watch
        ? { spectate: true, ...(savedName() ? { name: savedName(), token: guestToken() } : {}) }
        : { name: savedName(), token: guestToken(), ...(options.seat === undefined ? {} : { seat: options.seat }) };
      const room = await colyseus().joinById(this.roomId, joinOptions);
      if (this.#left) {
        void room.leave(true);
        return;
      }
      this.attach(room);
    } catch (error) {
      const waited = Date.now() - startedAt;
      // A missing table comes back after a restart only if its game is still on: an ended game
      // points to its replay, and an id the server never had is a bad link; both are said at once.
      const match = tableMissing(error) ? await fetchMatch(this.roomId).catch(() => null) : null;
      if (this.#left) return;
      if (match?.kind === "ended" || match?.kind === "unknown") {
        this.connection = "failed";
        this.ended = match.kind === "ended";
        this.#failure = this.ended ? m.table_ended_closed : m.table_no_such;
        return;
      }
      if (tableMissing(error) && waited < MISSING_TABLE_PATIENCE_MS && !this.#left) {
        this.#retry = setTimeout(() => void this.join(options, startedAt, attempt + 1), rejoinDelayMs(attempt));
        return;
      }
      this.connection = "failed";
      this.#failure = () => joinFailure(error);
    }
  }

  /** Wires up a joined room. Must run right after the join resolves, before messages arrive. */
  attach(room: Room): void {
    this.room = room;
    this.connection = "open";
    // A new connection: whatever was on its way went with the old one; its first state says what is owed.
    this.#settle();
    // The SDK resumes the session in one connection, also at a table rebuilt after a restart;
    // when it cannot (tries used up, token refused), joining again by id (onLeave below) does.
    reconnectLikeOurClients(room.reconnection);
    room.onMessage(SERVER_MESSAGES.seated, (message: SeatedMessage) => {
      this.seat = message.seat;
      this.gameId = message.game;
    });
    room.onMessage(SERVER_MESSAGES.log, (message: LogMessage) => this.addLog(message));
    room.onMessage(SERVER_MESSAGES.chat, (message: ChatMessage) => this.chat.receive(message));
    room.onMessage(SERVER_MESSAGES.stepCheck, (message: StepCheckMessage) => this.#stepCheckAnswered(message));
    room.onMessage(SERVER_MESSAGES.error, (message: ErrorMessage) => {
      const chatRefusal = chatRefusalOf(message);
      if (chatRefusal) {
        this.chat.refusal = chatRefusal;
        return;
      }
      // A refused step check is answered "don't know": the page asks to confirm then.
      if (refuses(message, CLIENT_MESSAGES.checkStep)) this.#stepChecks.shift()?.answer(null);
      // Only the refusal of the answer (or undo) on its way frees the choices: a chat line or a
      // step check refused meanwhile says nothing about it (from an older server, any error does).
      if (this.#answer.refused(message)) this.busy = false;
      this.notify(tableErrorText(String(message.code), message.message));
    });
    room.onStateChange((state) => {
      const raw = state as { toJSON?: () => unknown };
      const next = normalise(typeof raw.toJSON === "function" ? raw.toJSON() : state);
      if (typeof this.seat === "number" && this.#answer.seen(next, this.seat)) this.busy = false;
      this.snapshot = next;
      if (!this.gameId) this.gameId = next.game;
    });
    room.onDrop(() => {
      this.connection = "reconnecting";
    });
    room.onReconnect(() => {
      this.connection = "open";
      // An answer sent as the connection went may never have arrived: the decision is open again
      // (if it did arrive, the table refuses the second one, typed, and shows the first).
      this.#settle();
    });
    room.onLeave((code: number) => {
      this.#settle();
      if (this.#left) return;
      const status = this.snapshot?.status;
      // The server went away (restart, crash, or the table moved to another process) while the
      // game was on: find the same table again, as a reload would.
      if (code !== CLOSE_CODES.replaced && code !== 1000 && (status === "playing" || status === "waiting")) {
        this.connection = "reconnecting";
        void this.join({ watch: this.#watching });
        return;
      }
      this.connection = "closed";
      this.#failure =
        code === CLOSE_CODES.replaced
          ? m.table_replaced
          : code === 1000 || code === 4000
            ? m.table_closed
            : () => m.table_lost({ code: String(code) });
    });
  }

  /** `from: 0` is the whole history (on join and after a reconnection); anything else follows on. */
  addLog(message: LogMessage): void {
    const events = message.events ?? [];
    if (message.from === 0) {
      this.log = events;
      this.recent = [];
    } else {
      this.log = [...this.log, ...events];
      this.recent = events;
    }
  }

  /**
   * Sends the person's answer, once: until the table shows it or refuses it, further clicks do
   * nothing. No timer frees it: a slow table would otherwise take the same answer twice; a
   * connection that goes frees it (onReconnect, onLeave, attach).
   */
  act(option: Option): void {
    if (!this.room || !this.snapshot || typeof this.seat !== "number") return;
    if (!this.#answer.open(this.snapshot, this.seat)) return;
    this.busy = true;
    this.room.send(CLIENT_MESSAGES.action, option);
  }

  /** Nothing is on its way any more: clicks work again. */
  #settle(): void {
    this.#answer.clear();
    this.busy = false;
  }

  /** Sends a line to the table chat (already cleaned and within the length). */
  say(text: string): void {
    this.chat.refusal = null;
    this.room?.send(CLIENT_MESSAGES.chat, { text });
  }

  /**
   * Takes back this seat's last step of its turn; the server answers with the game as before it.
   * It goes through the answer's gate: nothing else is sent until its patch (or refusal) came,
   * since that patch changes `acted` and would pass for an answer sent meanwhile; and while an
   * answer is on its way there is nothing to take back yet.
   */
  undo(): void {
    if (!this.room || !this.snapshot || typeof this.seat !== "number" || this.undoable === 0) return;
    if (!this.#answer.open(this.snapshot, this.seat, CLIENT_MESSAGES.undo)) return;
    this.busy = true;
    this.room.send(CLIENT_MESSAGES.undo);
  }

  /** Whether an option would be final (could not be taken back): the server tries it without keeping it. */
  checkStep(option: Option): Promise<StepCheckMessage | null> {
    const room = this.room;
    if (!room || !this.snapshot) return Promise.resolve(null);
    const asked = { option: JSON.stringify(option), version: this.snapshot.version };
    return new Promise((resolve) => {
      const waiting = {
        ...asked,
        answer: (message: StepCheckMessage | null) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.#stepChecks = this.#stepChecks.filter((other) => other !== waiting);
        resolve(null);
      }, 3000);
      this.#stepChecks.push(waiting);
      room.send(CLIENT_MESSAGES.checkStep, option);
    });
  }

  /**
   * An answer goes to the oldest question about the same option at the same version; one that
   * matches none (its question timed out and was answered "don't know") is dropped, never taken
   * for another question's. Matching by order alone went wrong when an answer came late or a
   * question sent while reconnecting was lost. From a server that names neither: the oldest.
   */
  #stepCheckAnswered(message: StepCheckMessage): void {
    const index = message.option === undefined ? 0 : this.#stepChecks.findIndex((waiting) => waiting.version === message.version && waiting.option === JSON.stringify(message.option));
    if (index < 0 || index >= this.#stepChecks.length) return;
    const [waiting] = this.#stepChecks.splice(index, 1);
    waiting!.answer(message);
  }

  /** A seated person sets how fast the bots play, for the whole table. */
  setBotPace(pace: BotPace): void {
    this.room?.send(CLIENT_MESSAGES.botPace, { pace });
  }

  /** The bots play the rest of their current run without waiting. */
  skipBots(): void {
    this.room?.send(CLIENT_MESSAGES.skipBots);
  }

  notify(text: string): void {
    const id = ++noticeIds;
    this.notices = [...this.notices, { id, text }];
    setTimeout(() => (this.notices = this.notices.filter((n) => n.id !== id)), 5000);
  }

  /** Once an absent person's grace period is over: give their seat to a bot, or end the game. */
  decideAbsent(seat: number, choice: AbsentSeatMessage["choice"]): void {
    this.room?.send(CLIENT_MESSAGES.absentSeat, { seat, choice } satisfies AbsentSeatMessage);
  }

  async leave(): Promise<void> {
    this.#left = true;
    if (this.#retry) clearTimeout(this.#retry);
    const room = this.room;
    this.room = null;
    if (room) await room.leave(true).catch(() => undefined);
  }
}

/** The seat a player picked in the lobby, used by the next join of that table. */
export const seatWish = new Map<string, number>();

/** Tables this page is connected to, so a freshly created table is not joined twice. */
const sessions = new Map<string, TableSession>();

export function takeSession(roomId: string): TableSession | undefined {
  const s = sessions.get(roomId);
  sessions.delete(roomId);
  return s;
}

export async function createTable(request: CreateTableRequest): Promise<string> {
  const room = await colyseus().create(TABLE_ROOM, { ...request, name: savedName(), token: guestToken() });
  const session = new TableSession(room.roomId);
  session.attach(room);
  sessions.set(room.roomId, session);
  return room.roomId;
}
