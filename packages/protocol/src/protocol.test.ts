import { describe, expect, it } from "vitest";
import {
  TABLE_OPTION_KEYS,
  type TableSnapshot,
  createTableOptions,
  decodePrompt,
  decodeResult,
  decodeView,
  formatJoinError,
  joinErrorCode,
  joinOptions,
} from "./index.ts";

const snapshot: TableSnapshot = {
  game: "g",
  status: "playing",
  version: 3,
  seats: [
    { seat: 0, kind: "human", name: "Ann", connected: true, secret: { view: { hand: "[1,2]", viewer: "0" }, prompt: '{"seat":0,"kind":"play","options":[{"type":"play","card":1}]}' } },
    { seat: 1, kind: "bot", name: "Bot 2", connected: true },
  ],
  view: { viewer: "null", deck: "7", hand: "[]" },
  result: "",
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
    expect(createTableOptions.parse({ game: "fistful", seats: 3 })).toEqual({ game: "fistful", seats: 3, bots: [], private: false });
    expect([...TABLE_OPTION_KEYS].sort()).toEqual(["bots", "game", "options", "private", "seats"]);
  });

  it("reads a join error code back from the error message", () => {
    expect(joinErrorCode(new Error(formatJoinError("TABLE_FULL", "no seat")))).toBe("TABLE_FULL");
    expect(joinErrorCode("SEAT_TAKEN: Seat 2 is taken")).toBe("SEAT_TAKEN");
    expect(joinErrorCode(new Error("room is locked"))).toBeNull();
    expect(joinErrorCode(undefined)).toBeNull();
  });
});
