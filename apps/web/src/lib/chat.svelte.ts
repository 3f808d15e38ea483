/**
 * The table chat as this page holds it (issue #15 item 4): the lines the server sent, whether
 * this client may write, the last refusal, and which people this reader has muted. Mutes are
 * this browser's own (the server sends everything to everyone) and are remembered across tables
 * and visits, by the writer's name. The plain helpers are in chat.ts.
 */
import type { ChatLine, ChatMessage } from "@saloon/protocol";
import { type ChatRefusal, mergeChat, muteKey } from "./chat.ts";

const MUTED_KEY = "saloon.chat.muted";

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

let shared: MutedPeople | undefined;
/** The page's one list of muted people, made on first use (not at import: plain tests import this module's neighbours). */
export function mutedPeople(): MutedPeople {
  return (shared ??= new MutedPeople());
}

/** The lines of one table's chat and what this client may do with it. */
export class ChatLog {
  lines = $state.raw<ChatLine[]>([]);
  mayWrite = $state(false);
  refusal = $state<ChatRefusal | null>(null);

  receive(message: ChatMessage): void {
    this.lines = mergeChat(this.lines, message);
    if (message.replace && message.mayWrite !== undefined) this.mayWrite = message.mayWrite;
  }
}
