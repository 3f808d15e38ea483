/**
 * The table chat as this page holds it (issue #15 item 4): the lines the server sent, whether
 * this client may write, the last refusal, and which people this reader has muted. Mutes are
 * this browser's own (the server sends everything to everyone) and are remembered across tables
 * and visits, by the writer's name.
 */
import { type ChatLine, type ChatMessage, MAX_CHAT_LENGTH, type ProtocolErrorCode, normaliseChat } from "@saloon/protocol";

const MUTED_KEY = "saloon.chat.muted";

/** How a name is compared for muting: case and spacing do not make another person. */
export const muteKey = (name: string): string => normaliseChat(name).toLocaleLowerCase();

function readMuted(): string[] {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(MUTED_KEY) ?? "[]") as unknown;
    return Array.isArray(saved) ? saved.filter((name): name is string => typeof name === "string").slice(0, 500) : [];
  } catch {
    return [];
  }
}

/** The people this reader has muted, shared by every table and replay on the page. */
class MutedPeople {
  #names = $state<string[]>(readMuted());

  has(name: string): boolean {
    return this.#names.includes(muteKey(name));
  }

  toggle(name: string): void {
    const key = muteKey(name);
    this.#names = this.#names.includes(key) ? this.#names.filter((n) => n !== key) : [...this.#names, key];
    try {
      globalThis.localStorage?.setItem(MUTED_KEY, JSON.stringify(this.#names));
    } catch {
      // not remembered after this page; the mute still holds here
    }
  }
}

export const muted = new MutedPeople();

/** The chat's own refusals, shown in the chat panel (the rest go to the table's notices). */
export type ChatRefusal = Extract<ProtocolErrorCode, "CHAT_TOO_LONG" | "CHAT_TOO_FAST" | "CHAT_CLOSED" | "CHAT_FULL">;
export const CHAT_REFUSALS: readonly ChatRefusal[] = ["CHAT_TOO_LONG", "CHAT_TOO_FAST", "CHAT_CLOSED", "CHAT_FULL"];
export const isChatRefusal = (code: string): code is ChatRefusal => (CHAT_REFUSALS as readonly string[]).includes(code);

/** The lines of one table's chat and what this client may do with it. */
export class ChatLog {
  lines = $state.raw<ChatLine[]>([]);
  mayWrite = $state(false);
  refusal = $state<ChatRefusal | null>(null);

  receive(message: ChatMessage): void {
    const lines = message.lines ?? [];
    if (message.replace) {
      this.lines = lines;
      if (message.mayWrite !== undefined) this.mayWrite = message.mayWrite;
    } else {
      // A line already held (a history that crossed a new line on the way) is not shown twice.
      const last = this.lines.at(-1)?.index ?? -1;
      this.lines = [...this.lines, ...lines.filter((line) => line.index > last)];
    }
  }
}

/** What the text box may send: cleaned as the server will clean it, or null for nothing to send. */
export function chatDraft(text: string): { text: string; tooLong: boolean } | null {
  const clean = normaliseChat(text);
  if (!clean) return null;
  return { text: clean, tooLong: [...clean].length > MAX_CHAT_LENGTH };
}

/** The chat lines a replay shows at move `move`: those written up to then. */
export function chatUpTo(lines: readonly ChatLine[], move: number): ChatLine[] {
  return lines.filter((line) => line.move <= move);
}
