import { type AnyGame, type FinalScores, type LogEvent, defineGame, playOut } from "@saloon/engine";
import { elGaucho } from "@saloon/el-gaucho";
import { fistful } from "@saloon/fistful";
import { afterEach, describe, expect, it } from "vitest";
import { type Cursor, REPLAY_REASON_TEXTS, buildReplay, control, headlineEvent, keyControl, lastMove, moveEvents, notReplayable, replayFailureText, scoreProblems, visibleEvents } from "./replay.ts";
import { setLanguage } from "./i18n.ts";

const played = playOut(fistful, { seed: "replay-test", seats: 3 });
const match = { seed: "replay-test", seats: 3, options: null, actions: played.log };

describe("buildReplay", () => {
  it("rebuilds every state of a match from its seed and log, ending where the game ended", () => {
    const replay = buildReplay(fistful, match);
    expect(replay.failure).toBeNull();
    expect(replay.total).toBe(played.log.length);
    expect(replay.states).toHaveLength(played.log.length + 1);
    expect(lastMove(replay)).toBe(played.log.length);
    expect(replay.states[0]).toEqual(fistful.setup("replay-test", 3));
    expect(replay.states.at(-1)).toEqual(played.state);
    expect(fistful.scores(replay.states.at(-1) as typeof played.state)).toEqual(fistful.scores(played.state));
    expect(replay.moves.map((m) => m.number)).toEqual(played.log.map((_, i) => i + 1));
    // The events of every move, in order, are exactly the events of the game as it was played.
    expect(replay.moves.flatMap((m) => m.events)).toEqual(played.events);
  });

  it("rebuilds an El Gaucho match to its scores, its secret events shown only to their seat", () => {
    const gaucho = playOut(elGaucho, { seed: "replay-gaucho", seats: 3 });
    const replay = buildReplay(elGaucho, { seed: "replay-gaucho", seats: 3, options: null, actions: gaucho.log });
    expect(replay.failure).toBeNull();
    expect(elGaucho.scores(replay.states.at(-1) as typeof gaucho.state)).toEqual(elGaucho.scores(gaucho.state));
    const end = lastMove(replay);
    const secret = visibleEvents(elGaucho, replay, end, 0).filter((e) => e.onlyFor);
    // Seat 0 kept tiles in the pre-round: that event is its own, and a spectator never sees it.
    expect(secret.length).toBeGreaterThan(0);
    expect(secret.every((e) => e.onlyFor!.includes(0))).toBe(true);
    expect(visibleEvents(elGaucho, replay, end, null).some((e) => e.onlyFor)).toBe(false);
  });

  it("stops at a move the rules refuse and says which", () => {
    const broken = [...played.log.slice(0, 5), { seat: 2, action: { type: "take", location: "nowhere" } }, ...played.log.slice(6)];
    const replay = buildReplay(fistful, { ...match, actions: broken });
    expect(replay.total).toBe(played.log.length);
    expect(lastMove(replay)).toBe(5);
    expect(replay.failure).toMatchObject({ kind: "refused", move: 6, seat: 2, action: "take" });
    expect(["NOT_YOUR_TURN", "ILLEGAL_ACTION"]).toContain(replay.failure?.kind === "refused" && replay.failure.code);
  });

  it("reports a setup the game refuses instead of throwing", () => {
    const replay = buildReplay(fistful, { ...match, options: { speed: "fast" } });
    expect(replay.states).toEqual([]);
    expect(lastMove(replay)).toBe(0);
    expect(replay.failure).toEqual({ kind: "setup", code: "BAD_SETUP", detail: expect.stringMatching(/no table options/) });
  });
});

describe("why a replay could not be rebuilt, in the reader's language", () => {
  const names = ["Ann", "Bob", "Cy"];
  afterEach(() => setLanguage("en"));

  it("names the refused move, its seat and the reason in English and in German, never the rules' English detail", () => {
    const broken = [...played.log.slice(0, 5), { seat: 2, action: { type: "take", location: "nowhere" } }];
    const failure = buildReplay(fistful, { ...match, actions: broken }).failure!;
    const reason = failure.code === "NOT_YOUR_TURN" ? ["that seat had no decision to make", "Dieser Platz hatte an dieser Stelle nichts zu entscheiden"] : ["was not among the choices", "stand an dieser Stelle nicht zur Wahl"];
    setLanguage("en");
    const english = replayFailureText(failure, names);
    expect(english).toContain("Move 6 (Cy, “take”) was refused by the rules: ");
    expect(english).toContain(reason[0]);
    setLanguage("de");
    const german = replayFailureText(failure, names);
    expect(german).toContain("Zug 6 (Cy, „take“) wurde von den Regeln abgelehnt: ");
    expect(german).toContain(reason[1]);
    for (const text of [english, german]) expect(text).not.toContain(failure.detail);
  });

  it("says a refused setup in both languages, and words an error that is no rules error as unexpected", () => {
    const setup = buildReplay(fistful, { ...match, options: { speed: "fast" } }).failure!;
    setLanguage("en");
    expect(replayFailureText(setup, names)).toBe("The game could not be set up again from its recorded seed and options: the rules refuse the recorded seats or table options.");
    setLanguage("de");
    expect(replayFailureText(setup, names)).toBe(
      "Die Partie ließ sich aus ihrem aufgezeichneten Startwert und ihren Optionen nicht neu aufbauen: Die Regeln lehnen die aufgezeichneten Plätze oder Tischoptionen ab.",
    );
    expect(replayFailureText({ kind: "setup", code: null, detail: "boom" }, names)).toMatch(/: Ein unerwarteter Fehler in den Regeln\.$/);
  });

  it("has its own text for every rules error code in each language", () => {
    const codes = Object.keys(REPLAY_REASON_TEXTS) as (keyof typeof REPLAY_REASON_TEXTS)[];
    expect(codes).toHaveLength(7);
    const texts = (locale: "en" | "de") => {
      setLanguage(locale);
      return codes.map((code) => replayFailureText({ kind: "refused", move: 1, seat: 0, action: "x", code, detail: "DETAIL" }, names));
    };
    const english = texts("en");
    const german = texts("de");
    expect(new Set(english).size).toBe(codes.length);
    expect(new Set(german).size).toBe(codes.length);
    german.forEach((text, i) => expect(text).not.toBe(english[i]));
  });
});

describe("which matches can be replayed", () => {
  it("only with the rules version a match was played with; otherwise it is marked, with the reason", () => {
    expect(notReplayable(fistful, { game: "fistful", rulesVersion: fistful.rulesVersion })).toBeNull();
    expect(notReplayable(fistful, { game: "fistful", rulesVersion: "0" })).toMatch(/played with rules version 0; the site now runs version 2 .* can't be replayed/);
    expect(notReplayable(undefined, { game: "fistful", rulesVersion: "1" })).toMatch(/no rules for “fistful”/);
    // Another game's rules never stand in.
    expect(notReplayable(elGaucho, { game: "fistful", rulesVersion: elGaucho.rulesVersion })).toMatch(/no rules for “fistful”/);
  });
});

describe("what a viewer sees", () => {
  // A tiny game with a private event, to check that the viewer's filter is the game's own.
  const secretive = defineGame<{ n: number }, { type: "peek" }, Record<string, never>, { n: number }>({
    id: "secretive",
    title: "Secretive",
    minSeats: 2,
    maxSeats: 2,
    rulesVersion: "1",
    defaultOptions: {},
    actionTypes: ["peek"],
    parseOptions: () => ({}),
    setup: () => ({ n: 0 }),
    prompts: (s) => (s.n < 2 ? [{ seat: s.n, kind: "peek", options: [{ type: "peek" }] }] : []),
    perform: (s, seat) => {
      s.n++;
      return [
        { type: "turnStarted", seat },
        { type: "peeked", seat },
        { type: "sawCard", seat, card: 7 - seat, onlyFor: [seat] },
      ];
    },
    isOver: (s) => s.n >= 2,
    scores: () => null,
    view: (s) => s,
    bot: (_v, p) => p.options[0]!,
  }) as AnyGame;
  const replay = buildReplay(secretive, { seed: "s", seats: 2, options: {}, actions: [{ seat: 0, action: { type: "peek" } }, { seat: 1, action: { type: "peek" } }] });

  it("filters each move's events with the game's viewEvent: a spectator misses private ones, a seat sees its own", () => {
    const types = (events: LogEvent[]) => events.map((e) => `${e.type}${typeof e.card === "number" ? e.card : ""}`);
    expect(types(visibleEvents(secretive, replay, 2, null))).toEqual(["turnStarted", "peeked", "turnStarted", "peeked"]);
    expect(types(visibleEvents(secretive, replay, 2, 1))).toEqual(["turnStarted", "peeked", "turnStarted", "peeked", "sawCard6"]);
    expect(types(visibleEvents(secretive, replay, 1, 0))).toEqual(["turnStarted", "peeked", "sawCard7"]);
    expect(visibleEvents(secretive, replay, 0, 0)).toEqual([]);
    expect(types(moveEvents(secretive, replay.moves[1], 0))).toEqual(["turnStarted", "peeked"]);
    expect(moveEvents(secretive, undefined, 0)).toEqual([]);
  });

  it("picks the mover's first real event as the move's headline", () => {
    expect(headlineEvent(replay.moves[1]!.events, 1)?.type).toBe("peeked");
    expect(headlineEvent([{ type: "turnStarted", seat: 0 }, { type: "bagEmpty" }], 0)?.type).toBe("bagEmpty");
    expect(headlineEvent([{ type: "turnStarted", seat: 0 }], 0)).toBeNull();
  });
});

describe("control (the stepping model)", () => {
  const at = (move: number, playing = false): Cursor => ({ move, last: 10, playing });

  it("steps one move back and forward, never past either end", () => {
    expect(control(at(4), "forward")).toEqual(at(5));
    expect(control(at(4), "back")).toEqual(at(3));
    expect(control(at(10), "forward")).toEqual(at(10));
    expect(control(at(0), "back")).toEqual(at(0));
  });

  it("jumps to the start, the end and any move (clamped, whole numbers)", () => {
    expect(control(at(4), "start")).toEqual(at(0));
    expect(control(at(4), "end")).toEqual(at(10));
    expect(control(at(4), { to: 7 })).toEqual(at(7));
    expect(control(at(4), { to: 70 })).toEqual(at(10));
    expect(control(at(4), { to: -3 })).toEqual(at(0));
    expect(control(at(4), { to: 2.6 })).toEqual(at(3));
    expect(control(at(4), { to: Number.NaN })).toEqual(at(0));
  });

  it("plays one move per tick and stops by itself at the end", () => {
    let cursor = control(at(7), "play");
    expect(cursor).toEqual(at(7, true));
    cursor = control(cursor, "tick");
    expect(cursor).toEqual(at(8, true));
    cursor = control(control(cursor, "tick"), "tick");
    expect(cursor).toEqual(at(10, false));
    expect(control(cursor, "tick")).toEqual(at(10, false));
    expect(control(at(3), "tick"), "a tick while paused does nothing").toEqual(at(3));
  });

  it("playing from the end starts again from the setup; toggle plays and pauses", () => {
    expect(control(at(10), "play")).toEqual(at(0, true));
    expect(control(at(5), "toggle")).toEqual(at(5, true));
    expect(control(at(5, true), "toggle")).toEqual(at(5, false));
    expect(control(at(5, true), "pause")).toEqual(at(5, false));
    expect(control({ move: 0, last: 0, playing: false }, "play")).toEqual({ move: 0, last: 0, playing: false });
  });

  it("any step by hand pauses playback", () => {
    for (const input of ["start", "end", "back", "forward", { to: 2 }] as const) {
      expect(control(at(5, true), input).playing, JSON.stringify(input)).toBe(false);
    }
  });

  it("maps the arrow keys, Home, End and space", () => {
    expect(keyControl("ArrowLeft")).toBe("back");
    expect(keyControl("ArrowRight")).toBe("forward");
    expect(keyControl("Home")).toBe("start");
    expect(keyControl("End")).toBe("end");
    expect(keyControl(" ")).toBe("toggle");
    expect(keyControl("a")).toBeNull();
    expect(keyControl("Enter")).toBeNull();
  });
});

describe("scoreProblems", () => {
  const names = ["Annie", "Bot 2"];
  const stored: FinalScores = {
    categories: ["gold", "bars", "signs"],
    lines: [
      { seat: 0, total: 47, breakdown: { gold: 2, bars: 20, signs: 25 }, tiebreak: [5], placement: 1 },
      { seat: 1, total: 30, breakdown: { gold: 5, bars: 10, signs: 15 }, tiebreak: [3], placement: 2 },
    ],
    winners: [0],
  };
  const copy = (): FinalScores => structuredClone(stored);

  it("finds nothing when the scores agree, whatever the order of lines and keys", () => {
    const same = copy();
    same.lines.reverse();
    same.lines[0]!.breakdown = { signs: 15, bars: 10, gold: 5 };
    expect(scoreProblems(same, stored, names)).toEqual([]);
    expect(scoreProblems(fistful.scores(played.state), fistful.scores(played.state)!, names)).toEqual([]);
  });

  it("names every difference: totals, categories, places and winners", () => {
    const other = copy();
    other.lines[0] = { ...other.lines[0]!, total: 45, breakdown: { gold: 0, bars: 20, signs: 25 }, placement: 2 };
    other.lines[1] = { ...other.lines[1]!, placement: 1 };
    other.winners = [1];
    expect(scoreProblems(other, stored, names)).toEqual([
      "Annie: stored 47 points, the replay gives 45.",
      "Annie, gold: stored 2, the replay gives 0.",
      "Annie: stored place 1, the replay gives 2.",
      "Bot 2: stored place 2, the replay gives 1.",
      "Winners differ: stored Annie; the replay gives Bot 2.",
    ]);
  });

  it("says so when the rebuilt game has not ended or a seat is missing", () => {
    expect(scoreProblems(null, stored, names)).toEqual(["The rebuilt game never reaches its end, yet the match was recorded as finished."]);
    const short = copy();
    short.lines.pop();
    expect(scoreProblems(short, stored, names)).toEqual(["Bot 2 has a score only in the stored result."]);
    const cats = copy();
    cats.categories = ["gold"];
    expect(scoreProblems(cats, stored, names)[0]).toBe("Scoring categories differ: stored gold, bars, signs; rebuilt gold.");
  });

  it("says it in the reader's language", () => {
    const other = copy();
    other.lines[0] = { ...other.lines[0]!, total: 45 };
    other.winners = [];
    setLanguage("de");
    try {
      expect(scoreProblems(other, stored, names)).toEqual([
        "Annie: aufgezeichnet 47 Punkte, die Wiederholung ergibt 45.",
        "Die Sieger weichen ab: aufgezeichnet Annie; die Wiederholung ergibt keine.",
      ]);
      expect(notReplayable(undefined, { game: "fistful", rulesVersion: "1" })).toMatch(/kennt die Regeln von „fistful“ nicht/);
    } finally {
      setLanguage("en");
    }
  });
});
