import type { ChatLine } from "@saloon/protocol";
import { MAX_CHAT_LENGTH } from "@saloon/protocol";
import { describe, expect, it } from "vitest";
import { chatDraft, chatRefusalOf, chatUpTo, mergeChat, muteKey } from "./chat.ts";

const line = (index: number, move: number, name = "Ann"): ChatLine => ({ index, seat: 0, name, move, text: `line ${index}`, at: 1000 + index });

describe("the table chat's helpers", () => {
  it("replaces the lines with a history and appends new ones, never twice", () => {
    const history = mergeChat([line(0, 0)], { lines: [line(3, 1), line(4, 2)], replace: true });
    expect(history.map((l) => l.index)).toEqual([3, 4]);
    const next = mergeChat(history, { lines: [line(4, 2), line(5, 2)], replace: false });
    expect(next.map((l) => l.index)).toEqual([3, 4, 5]);
  });

  it("shows a line in the replay from the move it was written after", () => {
    const lines = [line(0, 0), line(1, 3), line(2, 3), line(3, 9)];
    expect(chatUpTo(lines, 0).map((l) => l.index)).toEqual([0]);
    expect(chatUpTo(lines, 2).map((l) => l.index)).toEqual([0]);
    expect(chatUpTo(lines, 3).map((l) => l.index)).toEqual([0, 1, 2]);
    expect(chatUpTo(lines, 100)).toHaveLength(4);
  });

  it("cleans a draft as the server will and counts characters, not UTF-16 units", () => {
    expect(chatDraft("  \n\t ")).toBeNull();
    expect(chatDraft(" hi\u0007\nthere ")).toEqual({ text: "hi there", tooLong: false });
    expect(chatDraft("🐎".repeat(MAX_CHAT_LENGTH))?.tooLong).toBe(false);
    expect(chatDraft("🐎".repeat(MAX_CHAT_LENGTH + 1))?.tooLong).toBe(true);
  });

  it("mutes a name whatever its case and spacing, and knows the chat's own refusals", () => {
    expect(muteKey("  Calamity   JANE ")).toBe(muteKey("calamity jane"));
    expect(chatRefusalOf({ code: "CHAT_TOO_FAST", request: "chat" })).toBe("CHAT_TOO_FAST");
    expect(chatRefusalOf({ code: "CHAT_FULL" })).toBe("CHAT_FULL");
    // The table's message budget refusing a chat line is "too fast" in the chat panel ...
    expect(chatRefusalOf({ code: "RATE_LIMITED", request: "chat" })).toBe("CHAT_TOO_FAST");
    // ... but refusing a move, or from a server that does not name the request, is the table's notice.
    expect(chatRefusalOf({ code: "RATE_LIMITED", request: "action" })).toBeNull();
    expect(chatRefusalOf({ code: "RATE_LIMITED" })).toBeNull();
    expect(chatRefusalOf({ code: "NOT_YOUR_TURN", request: "chat" })).toBeNull();
  });
});
