import type { TableSnapshot } from "@saloon/protocol";
import { describe, expect, it } from "vitest";
import { AnswerGate } from "./answer-gate.ts";

const KEEP = JSON.stringify({ seat: 0, kind: "keep", options: [{ type: "keep", tiles: [] }] });

/** A table where seat 0 is the person: its prompt and `acted` (undefined: a server without it). */
function at(version: number, prompt: string, acted: number | undefined, status: TableSnapshot["status"] = "playing"): TableSnapshot {
  const seat = (n: number) => ({ seat: n, kind: n === 0 ? ("human" as const) : ("bot" as const), name: `S${n}`, connected: true, awayUntil: 0, graceOver: false });
  return {
    game: "el-gaucho",
    status,
    version,
    seats: [{ ...seat(0), secret: { view: {}, prompt, ...(acted === undefined ? {} : { acted }) } }, seat(1), seat(2)],
    view: {},
    result: "",
    endReason: "",
  };
}

describe("the answer gate", () => {
  it("takes one answer per decision while bots answer theirs at the same time (El Gaucho's keep)", () => {
    const gate = new AnswerGate();
    expect(gate.open(at(0, KEEP, 0), 0)).toBe(true);
    // Both bots keep before our answer is shown: the same question is still there, and stays answered.
    for (const version of [1, 2]) {
      expect(gate.seen(at(version, KEEP, 0), 0)).toBe(false);
      expect(gate.waiting).toBe(true);
      expect(gate.open(at(version, KEEP, 0), 0)).toBe(false);
    }
    // The patch with our keep: `acted` names its version; the next decision is open.
    expect(gate.seen(at(3, "", 3), 0)).toBe(true);
    expect(gate.waiting).toBe(false);
    expect(gate.open(at(5, KEEP.replace("keep", "prePlace"), 3), 0)).toBe(true);
  });

  it("opens again for the very same question once the answer landed (El Paso asks some twice)", () => {
    const gate = new AnswerGate();
    const bonus = JSON.stringify({ seat: 0, kind: "actions", options: [{ type: "bonus", worker: "BLD" }, { type: "done" }] });
    expect(gate.open(at(10, bonus, 7), 0)).toBe(true);
    expect(gate.seen(at(11, bonus, 11), 0)).toBe(true);
    expect(gate.open(at(11, bonus, 11), 0)).toBe(true);
  });

  it("opens again after a refusal, a lost connection or the game's end", () => {
    const gate = new AnswerGate();
    expect(gate.open(at(4, KEEP, 0), 0)).toBe(true);
    expect(gate.refused({ code: "NOT_YOUR_TURN", message: "", request: "action" })).toBe(true);
    expect(gate.open(at(4, KEEP, 0), 0)).toBe(true);
    gate.clear();
    expect(gate.open(at(4, KEEP, 0), 0)).toBe(true);
    expect(gate.seen(at(4, KEEP, 0, "abandoned"), 0)).toBe(true);
    expect(gate.waiting).toBe(false);
  });

  it("holds answers while an undo is on its way, until its patch or its refusal", () => {
    const gate = new AnswerGate();
    const place = JSON.stringify({ seat: 0, kind: "actions", options: [{ type: "place", at: 1 }, { type: "done" }] });
    // Seat 0 placed (version 6, its acted 6) and takes that step back.
    expect(gate.open(at(6, place, 6), 0, "undo")).toBe(true);
    // A click before the undo's patch: nothing goes, nor a second undo.
    expect(gate.open(at(6, place, 6), 0)).toBe(false);
    expect(gate.open(at(6, place, 6), 0, "undo")).toBe(false);
    // The undo's patch: version 5, acted back to the seat's step before. The choices are free again.
    expect(gate.seen(at(5, place, 3), 0)).toBe(true);
    expect(gate.open(at(5, place, 3), 0)).toBe(true);
    // An undo while that answer is on its way does nothing; the answer's own patch frees the gate.
    expect(gate.open(at(5, place, 3), 0, "undo")).toBe(false);
    expect(gate.seen(at(6, place, 6), 0)).toBe(true);
    // A refused undo frees it too.
    expect(gate.open(at(6, place, 6), 0, "undo")).toBe(true);
    expect(gate.refused({ code: "UNDO_CLOSED", message: "", request: "undo" })).toBe(true);
    expect(gate.waiting).toBe(false);
  });

  it("is freed only by the refusal of what is on its way, not by another request's", () => {
    const gate = new AnswerGate();
    expect(gate.open(at(4, KEEP, 0), 0)).toBe(true);
    for (const request of ["check-step", "chat", "bot-pace", "skip-bots", "absent-seat", "undo"] as const) {
      expect(gate.refused({ code: "RATE_LIMITED", message: "", request }), request).toBe(false);
      expect(gate.waiting).toBe(true);
      expect(gate.open(at(4, KEEP, 0), 0)).toBe(false);
    }
    expect(gate.refused({ code: "ILLEGAL_ACTION", message: "", request: "action" })).toBe(true);
    // An undo on its way is not freed by an action's refusal.
    expect(gate.open(at(4, KEEP, 0), 0, "undo")).toBe(true);
    expect(gate.refused({ code: "NOT_YOUR_TURN", message: "", request: "action" })).toBe(false);
    expect(gate.refused({ code: "NOTHING_TO_UNDO", message: "", request: "undo" })).toBe(true);
    // Nothing on its way: an error frees nothing.
    expect(gate.refused({ code: "RATE_LIMITED", message: "" })).toBe(false);
  });

  it("from a server whose errors name no request, any error frees it as before", () => {
    const gate = new AnswerGate();
    expect(gate.open(at(4, KEEP, 0), 0)).toBe(true);
    expect(gate.refused({ code: "RATE_LIMITED", message: "" })).toBe(true);
    expect(gate.open(at(4, KEEP, 0), 0, "undo")).toBe(true);
    expect(gate.refused({ code: "ILLEGAL_ACTION", message: "" })).toBe(true);
  });

  it("with a server that has no acted, frees on any newer version as before", () => {
    const gate = new AnswerGate();
    expect(gate.open(at(4, KEEP, undefined), 0)).toBe(true);
    expect(gate.seen(at(4, KEEP, undefined), 0)).toBe(false);
    expect(gate.seen(at(5, KEEP, undefined), 0)).toBe(true);
  });
});
