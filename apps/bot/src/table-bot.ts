/**
 * A headless player: connects to a Saloon server with the Colyseus SDK, takes a seat and plays
 * it with the game's own bot, seeing only what the server sends this seat (the decoded view
 * and prompt), exactly like a browser would. Resolves with the final scores.
 */
import { randomBytes } from "node:crypto";
import { Client, type Room } from "@colyseus/sdk";
import { findGame } from "@saloon/catalog";
import { type AnyGame, type BotMemory, type FinalScores, type Seat, createRandom } from "@saloon/engine";
import {
  type AnswerMark,
  type CreateTableRequest,
  type ErrorMessage,
  type JoinOptions,
  type LogMessage,
  SERVER_MESSAGES,
  type SeatedMessage,
  TABLE_ROOM,
  type TableSnapshot,
  answerLanded,
  decodeActed,
  decodePrompt,
  decodeResult,
  decodeView,
} from "@saloon/protocol";

export interface TableBotOptions {
  url: string;
  name: string;
  /** Create a table of this game, or join `join`. */
  create?: { game: string; seats: number; bots: Seat[]; private: boolean };
  join?: string;
  /** Wait this long before each action (ms); the server allows about 10 messages a second. */
  delayMs: number;
  /** Progress lines (the CLI prints them). */
  report?: (line: string) => void;
}

export interface TableBotResult {
  tableId: string;
  seat: Seat;
  scores: FinalScores;
  names: string[];
}

/** How long to wait before asking again after the server said RATE_LIMITED. */
const RATE_LIMIT_BACKOFF_MS = 500;
/** Refusals in a row after which the bot gives up rather than loop (a bug on one side or the other). */
const MAX_REFUSALS_IN_A_ROW = 5;

export async function playTable(options: TableBotOptions): Promise<TableBotResult> {
  const report = options.report ?? (() => {});
  const token = randomBytes(18).toString("base64url");
  const identity: JoinOptions = { name: options.name, token };
  const client = new Client(options.url);

  let room: Room;
  if (options.create) {
    const request: CreateTableRequest = { ...options.create, ...identity };
    room = await client.create(TABLE_ROOM, request);
  } else if (options.join) {
    room = await client.joinById(options.join, identity);
  } else {
    throw new Error("either create or join is needed");
  }

  return new Promise<TableBotResult>((resolve, reject) => {
    let seat: Seat | null | undefined;
    let game: AnyGame | undefined;
    const random = createRandom(token);
    // This seat's memory between its decisions at this table (BotMemory).
    const memory: BotMemory = {};
    /**
     * Where the table stood when the answer on its way was sent: one answer per decision. It is on
     * its way until the table shows it (this seat's `acted` changed: answerLanded) or refuses it;
     * a newer version alone is another seat's move (El Gaucho asks every seat at once).
     */
    let inFlight: AnswerMark | null = null;
    const owes = (current: TableSnapshot): boolean => {
      if (seat === null || seat === undefined || current.status !== "playing") return false;
      if (inFlight && !answerLanded(inFlight, { version: current.version, acted: decodeActed(current, seat) })) return false;
      inFlight = null;
      return decodePrompt(current, seat) !== null;
    };
    let pending: ReturnType<typeof setTimeout> | undefined;
    let lastStatusLine = "";
    let refusals = 0;
    let lastVersion = -1;
    let done = false;

    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(pending);
      outcome();
    };

    const snapshot = (): TableSnapshot | undefined => {
      const state = room.state as { toJSON?: () => TableSnapshot } | undefined;
      return state?.toJSON ? state.toJSON() : undefined;
    };

    const act = () => {
      pending = undefined;
      const current = snapshot();
      if (done || !current || !game || seat === null || seat === undefined || !owes(current)) return;
      const prompt = decodePrompt(current, seat)!;
      inFlight = { version: current.version, acted: decodeActed(current, seat) };
      room.send("action", game.bot(decodeView(current, seat), prompt, random, memory));
    };

    const onState = () => {
      const current = snapshot();
      if (!current || done) return;
      if (current.version > lastVersion) {
        lastVersion = current.version;
        refusals = 0; // the table moved on, so earlier refusals are history
      }
      const line =
        current.status === "waiting"
          ? `waiting for players: ${current.seats.filter((s) => s.kind !== "open").length}/${current.seats.length} seated`
          : current.status === "playing"
            ? "playing"
            : "finished";
      if (seat !== undefined && line !== lastStatusLine) {
        lastStatusLine = line;
        report(line);
      }
      const scores = decodeResult(current);
      if (current.status === "finished" && scores && seat !== undefined && seat !== null) {
        const names = current.seats.map((s) => s.name);
        const mine = seat;
        finish(() => {
          room.leave(true).catch(() => {});
          resolve({ tableId: room.roomId, seat: mine, scores, names });
        });
        return;
      }
      // Decide after a short pause, on the freshest state at that moment.
      if (pending === undefined && owes(current)) pending = setTimeout(act, options.delayMs);
    };

    room.onMessage(SERVER_MESSAGES.seated, (message: SeatedMessage) => {
      seat = message.seat;
      game = findGame(message.game);
      if (!game) {
        finish(() => reject(new Error(`this bot does not know the game "${message.game}"`)));
        return;
      }
      report(`table ${room.roomId}: ${game.title}, seat ${seat === null ? "(spectating)" : seat}`);
      onState();
    });
    room.onMessage(SERVER_MESSAGES.log, (_message: LogMessage) => {
      // The bot decides from the state alone; the log is for people.
    });
    room.onMessage(SERVER_MESSAGES.error, (error: ErrorMessage) => {
      if (error.code === "RATE_LIMITED") {
        // Not acted on: ask again once the budget has refilled.
        inFlight = null;
        clearTimeout(pending);
        pending = setTimeout(act, RATE_LIMIT_BACKOFF_MS);
        return;
      }
      // A stale answer (the table moved on meanwhile) is harmless; anything else is worth showing.
      report(`server refused an action: ${error.code} ${error.message}`);
      refusals += 1;
      if (refusals >= MAX_REFUSALS_IN_A_ROW) {
        finish(() => {
          room.leave(true).catch(() => {});
          reject(new Error(`the server refused ${refusals} actions in a row (last: ${error.code})`));
        });
        return;
      }
      // Refused: the decision is open again, on what the table shows now.
      inFlight = null;
      onState();
    });
    room.onStateChange(onState);
    room.onLeave((code, reason) => {
      finish(() => reject(new Error(`left the table before the end (code ${code}${reason ? `: ${reason}` : ""})`)));
    });
  });
}
