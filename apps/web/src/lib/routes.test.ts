import { describe, expect, it } from "vitest";
import { historyHref, matchHref, parseRoute, tableHref } from "./routes.ts";

describe("routes", () => {
  it("reads the lobby, tables, the history with its filters and a match with its move", () => {
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/")).toEqual({ page: "lobby" });
    expect(parseRoute("#/nowhere")).toEqual({ page: "lobby" });
    expect(parseRoute("#/table/abc")).toEqual({ page: "table", roomId: "abc", watch: false });
    expect(parseRoute("#/table/abc/watch")).toEqual({ page: "table", roomId: "abc", watch: true });
    expect(parseRoute("#/history")).toEqual({ page: "history", game: "", player: "" });
    expect(parseRoute("#/history?game=fistful&player=Annie%20Oakley")).toEqual({ page: "history", game: "fistful", player: "Annie Oakley" });
    expect(parseRoute("#/match/m1")).toEqual({ page: "match", matchId: "m1", move: null });
    expect(parseRoute("#/match/m1?move=37")).toEqual({ page: "match", matchId: "m1", move: 37 });
    expect(parseRoute("#/match/m1?move=-2")).toEqual({ page: "match", matchId: "m1", move: null });
    expect(parseRoute("#/match/m1?move=x")).toEqual({ page: "match", matchId: "m1", move: null });
    expect(parseRoute("#/match/%E0%A4%A")).toEqual({ page: "match", matchId: "%E0%A4%A", move: null });
    expect(parseRoute("#/match/")).toEqual({ page: "lobby" });
  });

  it("writes links that read back as the same route", () => {
    expect(parseRoute(tableHref("x", true))).toEqual({ page: "table", roomId: "x", watch: true });
    expect(parseRoute(historyHref())).toEqual({ page: "history", game: "", player: "" });
    expect(parseRoute(matchHref("m1", 0))).toEqual({ page: "match", matchId: "m1", move: 0 });
    expect(historyHref({ game: "fistful", player: " Jane & Doc " })).toBe("#/history?game=fistful&player=Jane+%26+Doc");
    expect(parseRoute(historyHref({ player: "Jane & Doc" }))).toEqual({ page: "history", game: "", player: "Jane & Doc" });
    expect(parseRoute(matchHref("m 1", 5))).toEqual({ page: "match", matchId: "m 1", move: 5 });
    expect(parseRoute(tableHref("a/b"))).toEqual({ page: "table", roomId: "a/b", watch: false });
  });
});
