import { describe, expect, it } from "vitest";
import {
  TABLE_OPTION_KEYS,
  type TableSnapshot,
  answerLanded,
  createTableOptions,
  decodeActed,
  decodePrompt,
  decodeResult,
  decodeView,
  formatJoinError,
  joinErrorCode,
  joinOptions,
  matchListQuery,
  rejoinDelayMs,
  playerJoinOptions,
  refuses,
} from "./index.ts";

const snapshot: TableSnapshot = {
  game: "g",
  status: "playing",
  version: 3,
  seats: [
    { seat: 0, kind: "human", name: "Ann", connected: true, awayUntil: 0, graceOver: false, secret: { view: { "/hand": "[1,2]", "/viewer": "0" }, prompt: '{"seat":0,"kind":"play","options":[{"type":"play","card":1}]}' } },
    { seat: 1, kind: "bot", name: "Bot 2", connected: true, awayUntil: 0, graceOver: false },
  ],
  view: { "/viewer": "null", "/deck": "7", "/hand": "[]" },
  result: "",
  endReason: "",
};

describe("decoding a snapshot", () => {
  it("rebuilds a seat's view as the public keys overridden by its private ones", () => {
    expect(decodeView(snapshot, 0)).toEqual({ viewer: 0, deck: 7, hand: [1, 2] });
    expect(decodeView(snapshot, null)).toEqual({ viewer: null, deck: 7, hand: [] });
    expect(decodeView(snapshot, 1)).toEqual({ viewer: null, deck: 7, hand: [] });
  });

  it("reads the prompt of the client's own seat only", () => {
    expect(decodePrompt(snapshot, 0)).toEqual({ seat: 0, kind: "play", options: [{ type: "play", card: 1 }] });
    expect(decodePrompt(snapshot, 1)).toBeNull();
    expect(decodePrompt(snapshot, null)).toBeNull();
  });

  it("reads the result once there is one", () => {
    expect(decodeResult(snapshot)).toBeNull();
    const scores = { categories: ["x"], lines: [], winners: [0] };
    expect(decodeResult({ ...snapshot, result: JSON.stringify(scores) })).toEqual(scores);
  });
});

describe("options", () => {
  it("accepts players and spectators, and rejects anything else", () => {
    expect(joinOptions.safeParse({ name: " Ann ", token: "abcdefghijklmnop" }).data).toEqual({ name: "Ann", token: "abcdefghijklmnop" });
    expect(joinOptions.safeParse({ spectate: true }).success).toBe(true);
    expect(joinOptions.safeParse({ spectate: true, name: "Ann", token: "abcdefghijklmnop" }).success).toBe(true);
    expect(joinOptions.safeParse({ name: "Ann", token: "short" }).success).toBe(false);
    expect(joinOptions.safeParse({ name: "", token: "abcdefghijklmnop" }).success).toBe(false);
    expect(joinOptions.safeParse({ name: "Ann", token: "abcdefghijklmnop", seat: 8 }).success).toBe(false);
    expect(joinOptions.safeParse({ name: "Ann", token: "abcdefghijklmnop", admin: true }).success).toBe(false);
  });

  it("fills create defaults and names the table's keys", () => {
    expect(createTableOptions.parse({ game: "fistful", seats: 3 })).toEqual({ game: "fistful", seats: 3, bots: [], private: false, graceSeconds: 300, spectatorChat: false, botPace: "normal" });
    expect([...TABLE_OPTION_KEYS].sort()).toEqual(["botPace", "bots", "game", "graceSeconds", "options", "private", "seats", "spectatorChat"]);
    expect(createTableOptions.safeParse({ game: "fistful", seats: 3, botPace: "warp" }).success).toBe(false);
    expect(createTableOptions.safeParse({ game: "fistful", seats: 3, graceSeconds: -1 }).success).toBe(false);
    expect(createTableOptions.safeParse({ game: "fistful", seats: 3, graceSeconds: 1e9 }).success).toBe(false);
  });

  it("reads a join error code back from the error message", () => {
    expect(joinErrorCode(new Error(formatJoinError("TABLE_FULL", "no seat")))).toBe("TABLE_FULL");
    expect(joinErrorCode("SEAT_TAKEN: Seat 2 is taken")).toBe("SEAT_TAKEN");
    expect(joinErrorCode(new Error("room is locked"))).toBeNull();
    expect(joinErrorCode(undefined)).toBeNull();
  });
});

describe("display names", () => {
  const name = (raw: string) => playerJoinOptions.safeParse({ name: raw, token: "abcdefghijklmnop" });

  it("strips control, format and bidi characters, and folds white space", () => {
    expect(name("Ann\u0000").data?.name).toBe("Ann");
    expect(name("\u001b[31mRed\u001b[0m").data?.name).toBe("[31mRed[0m");
    expect(name("\u202eevil\u202c txt").data?.name).toBe("evil txt");
    expect(name("A\u0000nn").data?.name).toBe("Ann");
    expect(name("Zoë\u200b  \t Bo\u2028b").data?.name).toBe("Zoë Bo b");
    expect(name("Zoe\u0308").data?.name).toBe("Zoë"); // NFC: one character, as typed
    expect(name("\ud800lone").data?.name).toBe("lone");
  });

  it("refuses names that are empty once cleaned, too long in characters, or markup", () => {
    expect(name("\u0000\u202e \u200b").success).toBe(false);
    expect(name("🤠".repeat(24)).success).toBe(true); // 24 characters, 48 UTF-16 units
    expect(name("🤠".repeat(25)).success).toBe(false);
    expect(name("x".repeat(10_000)).success).toBe(false);
    expect(name("<img src=x onerror=alert(1)>").success).toBe(false);
  });
});

describe("history query", () => {
  it("refuses control characters and repeated keys, and cleans the player name", () => {
    expect(matchListQuery.safeParse({ player: "\u0000" }).success).toBe(false);
    expect(matchListQuery.safeParse({ player: ["a", "b"] }).success).toBe(false);
    expect(matchListQuery.safeParse({ game: "fistful\u001b" }).success).toBe(false);
    expect(matchListQuery.safeParse({ player: "  Ann  " }).data).toEqual({ player: "Ann" });
    expect(matchListQuery.safeParse({ player: "%" }).data).toEqual({ player: "%" });
  });
});

describe("the rejoin schedule", () => {
  it("knocks again quickly at first, then slower, never past 2.25 s, spread at random", () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect(rejoinDelayMs(0, low)).toBe(75);
    expect(rejoinDelayMs(0, high)).toBeLessThanOrEqual(225);
    for (let attempt = 1; attempt < 12; attempt++) expect(rejoinDelayMs(attempt, low)).toBeGreaterThanOrEqual(rejoinDelayMs(attempt - 1, low));
    expect(rejoinDelayMs(50, high)).toBeLessThanOrEqual(2250);
    expect(rejoinDelayMs(50, low)).toBe(750);
    // Within one step the delays differ from client to client, so a thousand do not come back at once.
    expect(new Set(Array.from({ length: 50 }, () => rejoinDelayMs(3))).size).toBeGreaterThan(20);
  });
});

describe("an answer in flight", () => {
  it("reads a seat's acted, and nothing for a spectator or from a server without it", () => {
    const withActed: TableSnapshot = { ...snapshot, seats: [{ ...snapshot.seats[0]!, secret: { ...snapshot.seats[0]!.secret!, acted: 2 } }, snapshot.seats[1]!] };
    expect(decodeActed(withActed, 0)).toBe(2);
    expect(decodeActed(withActed, null)).toBeUndefined();
    expect(decodeActed(withActed, 1)).toBeUndefined();
    expect(decodeActed(snapshot, 0)).toBeUndefined();
  });

  it("lands when the seat's acted changes, not when another seat's move raises the version", () => {
    const sent = { version: 4, acted: 2 };
    expect(answerLanded(sent, { version: 4, acted: 2 })).toBe(false);
    // Two bots answered their simultaneous prompts first: still on its way.
    expect(answerLanded(sent, { version: 6, acted: 2 })).toBe(false);
    expect(answerLanded(sent, { version: 7, acted: 7 })).toBe(true);
    // One patch with the answer and a bot's move behind it.
    expect(answerLanded(sent, { version: 8, acted: 5 })).toBe(true);
    // After a step taken back `acted` may go down; a change is what counts.
    expect(answerLanded({ version: 9, acted: 9 }, { version: 9, acted: 7 })).toBe(true);
  });

  it("falls back to any newer version from a server without acted", () => {
    expect(answerLanded({ version: 4, acted: undefined }, { version: 4, acted: undefined })).toBe(false);
    expect(answerLanded({ version: 4, acted: undefined }, { version: 5, acted: undefined })).toBe(true);
  });

  it("matches a refusal to the request it names, and one naming none to any request", () => {
    expect(refuses({ request: "undo" }, "undo")).toBe(true);
    expect(refuses({ request: "check-step" }, "action")).toBe(false);
    expect(refuses({ request: "chat" }, "undo")).toBe(false);
    // A server before the field, or a message type the table does not know.
    expect(refuses({}, "action")).toBe(true);
  });
});
