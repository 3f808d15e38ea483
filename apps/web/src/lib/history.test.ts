import type { MatchSummary } from "@saloon/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agoText, dateText, debounce, durationText, fetchMatch, fetchMatches, matchesPath, winnerText } from "./history.ts";
import { setLanguage } from "./i18n.ts";
import { errorText } from "./server.ts";

describe("matchesPath", () => {
  it("sends only the filters that are set, the player name tidied", () => {
    expect(matchesPath({})).toBe("/api/matches");
    expect(matchesPath({ game: "", player: "   " })).toBe("/api/matches");
    expect(matchesPath({ game: "fistful", player: "  Annie   Oakley ", limit: 20 })).toBe("/api/matches?game=fistful&player=Annie+Oakley&limit=20");
    expect(matchesPath({ cursor: "abc/=+", player: "Ö&x" })).toBe("/api/matches?player=%C3%96%26x&cursor=abc%2F%3D%2B");
  });
});

describe("the history API", () => {
  afterEach(() => vi.unstubAllGlobals());
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("asks the server the page came from, and reads a page of matches", async () => {
    vi.stubGlobal("location", new URL("https://saloon.example/#/history"));
    const calls: string[] = [];
    const page = await fetchMatches({ player: "Ann", cursor: "c1" }, async (url) => {
      calls.push(String(url));
      return json(200, { matches: [{ id: "m1" }], nextCursor: "c2" });
    });
    expect(calls).toEqual(["https://saloon.example/api/matches?player=Ann&cursor=c1"]);
    expect(page).toEqual({ matches: [{ id: "m1" }], nextCursor: "c2" });
  });

  it("tells an unknown match (404) from one that has not ended (409), and any other failure is a readable error", async () => {
    vi.stubGlobal("location", new URL("http://127.0.0.1:2567/?server=ws://10.0.0.2:9000"));
    const urls: string[] = [];
    expect(await fetchMatch("a b", async (url) => (urls.push(String(url)), json(404, { error: "no match with that id" })))).toEqual({ kind: "unknown" });
    expect(await fetchMatch("running", async () => json(409, { error: "this match has not ended yet" }))).toEqual({ kind: "notEnded" });
    expect(urls).toEqual(["http://10.0.0.2:9000/api/matches/a%20b"]);
    const failed = await fetchMatch("x", async () => json(500, { error: "internal error" })).catch((error: unknown) => error);
    expect(errorText(failed)).toBe("The server answered 500 for this match. (internal error)");
    const listFailed = await fetchMatches({}, async () => json(400, { error: "limit: too big" })).catch((error: unknown) => error);
    expect(errorText(listFailed)).toBe("The server answered 400 for the match history. (limit: too big)");
    // Said in the reader's language when shown, whenever that is; the server's own words are kept.
    setLanguage("de");
    expect(errorText(listFailed)).toBe("Der Server hat auf das Partiearchiv mit 400 geantwortet. (limit: too big)");
    setLanguage("en");
  });
});

describe("wording", () => {
  afterEach(() => setLanguage("en"));

  const seats = (winners: boolean[]): Pick<MatchSummary, "seats"> => ({
    seats: winners.map((winner, seat) => ({ seat, kind: "human", name: seat === 2 ? "" : `P${seat}`, total: 1, placement: 1, winner })),
  });

  it("names the winner or the shared winners", () => {
    expect(winnerText(seats([true, false]))).toBe("P0 won");
    expect(winnerText(seats([true, false, true]))).toBe("Shared win: P0 & Seat 3");
    expect(winnerText(seats([false, false]))).toBe("No winner recorded");
    expect(winnerText(seats([true, true, true]))).toBe("Shared win: P0, P1 & Seat 3");
    setLanguage("de");
    expect(winnerText(seats([true, false]))).toBe("P0 hat gewonnen");
    expect(winnerText(seats([true, false, true]))).toBe("Geteilter Sieg: P0 & Platz 3");
  });

  it("says how long ago, for the last week", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(agoText("2026-11-22T11:59:40Z", now)).toBe("just now");
    expect(agoText("2026-11-22T11:59:00Z", now)).toBe("1 minute ago");
    expect(agoText("2026-11-22T11:15:00Z", now)).toBe("45 minutes ago");
    expect(agoText("2026-11-22T10:30:00Z", now)).toBe("1 hour ago");
    expect(agoText("2026-11-22T01:00:00Z", now)).toBe("11 hours ago");
    expect(agoText("2026-11-21T06:00:00Z", now)).toBe("yesterday");
    expect(agoText("2026-11-18T12:00:00Z", now)).toBe("4 days ago");
    expect(agoText("2026-11-01T12:00:00Z", now)).toBeNull();
    expect(agoText(null, now)).toBeNull();
    expect(agoText("not a date", now)).toBeNull();
    setLanguage("de");
    expect(agoText("2026-11-22T11:59:40Z", now)).toBe("gerade eben");
    expect(agoText("2026-11-22T11:15:00Z", now)).toBe("vor 45 Minuten");
    expect(agoText("2026-11-21T06:00:00Z", now)).toBe("gestern");
    expect(agoText("2026-11-18T12:00:00Z", now)).toBe("vor 4 Tagen");
  });

  it("writes dates in the reader's style", () => {
    expect(dateText("2026-11-22T12:00:00Z")).toMatch(/Nov 22, 2026|22 Nov 2026/);
    expect(dateText(null)).toBe("unknown time");
    setLanguage("de");
    expect(dateText("2026-11-22T12:00:00Z")).toMatch(/22\. Nov\. 2026/);
    expect(dateText("garbage")).toBe("unbekannte Zeit");
  });

  it("says how long a match lasted", () => {
    expect(durationText("2026-11-22T10:00:00Z", "2026-11-22T10:00:20Z")).toBe("under a minute");
    expect(durationText("2026-11-22T10:00:00Z", "2026-11-22T10:23:10Z")).toBe("23 min");
    expect(durationText("2026-11-22T10:00:00Z", "2026-11-22T11:05:00Z")).toBe("1 h 05 min");
    expect(durationText(null, "2026-11-22T11:05:00Z")).toBe("");
    expect(durationText("2026-11-22T12:00:00Z", "2026-11-22T11:05:00Z")).toBe("");
    setLanguage("de");
    expect(durationText("2026-11-22T10:00:00Z", "2026-11-22T11:05:00Z")).toBe("1 Std. 05 Min.");
  });
});

describe("debounce", () => {
  afterEach(() => vi.useRealTimers());

  it("calls once, with the last arguments, after the input has been quiet", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const search = debounce((text: string) => seen.push(text), 300);
    search.call("A");
    vi.advanceTimersByTime(200);
    search.call("An");
    vi.advanceTimersByTime(200);
    search.call("Ann");
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(299);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["Ann"]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(["Ann"]);
  });

  it("flushes a pending call at once, and cancels one", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const search = debounce((text: string) => seen.push(text), 300);
    search.call("Jane");
    search.flush();
    expect(seen).toEqual(["Jane"]);
    search.flush();
    expect(seen).toEqual(["Jane"]);
    search.call("Doc");
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(["Jane"]);
  });
});
