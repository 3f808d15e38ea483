/**
 * The table chat's plain helpers (no Svelte state; chat.svelte.ts holds the page's chat):
 * cleaning a draft as the server will, merging what the server sends, and which lines a replay
 * shows at a move.
 */
import { CLIENT_MESSAGES, type ChatLine, type ChatMessage, type ErrorMessage, MAX_CHAT_LENGTH, type ProtocolErrorCode, normaliseChat } from "@saloon/protocol";

/** How a name is compared for muting: case and spacing do not make another person. */
export const muteKey = (name: string): string => normaliseChat(name).toLocaleLowerCase();

/** The chat's own refusals, shown in the chat panel (the rest go to the table's notices). */
export type ChatRefusal = Extract<ProtocolErrorCode, "CHAT_TOO_LONG" | "CHAT_TOO_FAST" | "CHAT_CLOSED" | "CHAT_FULL">;
const CHAT_REFUSALS: readonly string[] = ["CHAT_TOO_LONG", "CHAT_TOO_FAST", "CHAT_CLOSED", "CHAT_FULL"] satisfies ChatRefusal[];

/**
 * What the chat panel shows for a table error, or null for an error that is not the chat's (it
 * goes to the table's notices). The chat's own refusals as they are; the table's message budget
 * refusing a chat line (RATE_LIMITED naming the chat request: the writer had just made many
 * moves or checks) is, to the writer, the same thing as writing too fast.
 */
export function chatRefusalOf(error: Pick<ErrorMessage, "code" | "request">): ChatRefusal | null {
  if (CHAT_REFUSALS.includes(error.code)) return error.code as ChatRefusal;
  if (error.code === "RATE_LIMITED" && error.request === CLIENT_MESSAGES.chat) return "CHAT_TOO_FAST";
  return null;
}

/**
 * The lines after a chat message: a full history replaces them; new lines follow on, except
 * those already held (a history that crossed a new line on the way is not shown twice).
 */
export function mergeChat(lines: readonly ChatLine[], message: ChatMessage): ChatLine[] {
  const incoming = message.lines ?? [];
  if (message.replace) return [...incoming];
  const last = lines.at(-1)?.index ?? -1;
  return [...lines, ...incoming.filter((line) => line.index > last)];
}

/** What the text box may send: cleaned as the server will clean it, or null for nothing to send. */
export function chatDraft(text: string): { text: string; tooLong: boolean } | null {
  const clean = normaliseChat(text);
  if (!clean) return null;
  return { text: clean, tooLong: [...clean].length > MAX_CHAT_LENGTH };
}

/** The chat lines a replay shows at move `move` (moves applied): those written up to then. */
export function chatUpTo(lines: readonly ChatLine[], move: number): ChatLine[] {
  return lines.filter((line) => line.move <= move);
}
