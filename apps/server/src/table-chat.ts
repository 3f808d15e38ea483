/**
 * A table's chat (issue #15 item 4): short text messages to everyone at the table, players and
 * spectators alike. Spectators always read it; they write only when the table was created with
 * `spectatorChat: true`. Each message is cleaned (normaliseChat), bounded (MAX_CHAT_LENGTH
 * characters) and rate-limited per person, and carries nothing but who wrote what and when:
 * never any part of a game view, so it cannot leak hidden information. The room stores each
 * line with the match and shows it only once stored (like a move: a line someone saw is never
 * lost to a crash), then sends the recent chat to everyone who joins or comes back.
 */
import type { Seat } from "@saloon/engine";
import { type ChatLine, type ChatMessage, type ErrorMessage, MAX_CHAT_LENGTH, chatMessage } from "@saloon/protocol";
import { KeyedBuckets, type RateLimit } from "./rate-limit.ts";
import { describeIssues } from "./table-options.ts";

/** Five messages at once, then one every three seconds: a conversation, not a flood. */
export const CHAT_RATE: RateLimit = { burst: 5, perSecond: 1 / 3 };
/** The most lines one table's chat takes in (and stores); past it, CHAT_FULL. */
export const MAX_CHAT_LINES = 2000;
/** How many of the latest lines a joiner (or a rebuilt table) gets. */
export const RECENT_CHAT_LINES = 100;
/** The name a spectator who joined without one writes under. */
export const SPECTATOR_NAME = "Spectator";

/** Who is writing: the seat (null for a spectator), the name shown, and whose rate budget it spends. */
export interface ChatSender {
  seat: Seat | null;
  name: string;
  person: string;
}

export class TableChat {
  private readonly recent: ChatLine[];
  private count: number;
  private readonly buckets: KeyedBuckets;

  constructor(
    /** Spectators may write (a table option chosen at creation). */
    readonly spectatorsMayWrite: boolean,
    restored: { chat?: readonly ChatLine[]; chatCount?: number } = {},
    rate: RateLimit = CHAT_RATE,
  ) {
    this.recent = (restored.chat ?? []).slice(-RECENT_CHAT_LINES);
    this.count = Math.max(restored.chatCount ?? 0, (this.recent.at(-1)?.index ?? -1) + 1);
    this.buckets = new KeyedBuckets(rate, 1000);
  }

  /**
   * Checks one chat message. Returns the new line, which takes its place in the chat (the room
   * stores it, then calls `published`), or the typed refusal, in which case nothing changed.
   */
  accept(sender: ChatSender, payload: unknown, move: number, now: number): ChatLine | ErrorMessage {
    if (sender.seat === null && !this.spectatorsMayWrite) {
      return { code: "CHAT_CLOSED", message: "Spectators can read this table's chat but not write in it" };
    }
    const raw = payload && typeof payload === "object" ? (payload as { text?: unknown }).text : undefined;
    if (typeof raw === "string" && raw.length > MAX_CHAT_LENGTH * 8) return tooLong();
    const parsed = chatMessage.safeParse(payload);
    if (!parsed.success) return { code: "BAD_MESSAGE", message: `Not a chat message: ${describeIssues(parsed.error)}` };
    const text = parsed.data.text;
    if ([...text].length > MAX_CHAT_LENGTH) return tooLong();
    if (this.count >= MAX_CHAT_LINES) return { code: "CHAT_FULL", message: `This table's chat is full (${MAX_CHAT_LINES} messages)` };
    if (!this.buckets.take(sender.person, now)) return { code: "CHAT_TOO_FAST", message: "Too many chat messages; wait a few seconds" };
    const line: ChatLine = { index: this.count, seat: sender.seat, name: sender.name || SPECTATOR_NAME, move, text, at: now };
    this.count += 1;
    return line;
  }

  /** The line is stored and goes out now: from here on, joiners get it too. */
  published(line: ChatLine): void {
    this.recent.push(line);
    if (this.recent.length > RECENT_CHAT_LINES) this.recent.shift();
  }

  /** The recent chat in full, for a client (at `seat`, null for a spectator) that joined or came back. */
  history(seat: Seat | null): ChatMessage {
    return { lines: [...this.recent], replace: true, mayWrite: seat !== null || this.spectatorsMayWrite };
  }
}

function tooLong(): ErrorMessage {
  return { code: "CHAT_TOO_LONG", message: `A chat message is at most ${MAX_CHAT_LENGTH} characters` };
}
