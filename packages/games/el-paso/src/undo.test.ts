import { undoSteps } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { closesUndo } from "./undo.ts";
import { DEFAULT_OPTIONS, setupState } from "./state.ts";

const games = [2, 3, 4].map((seats) => undoSteps(elPaso, "undo-1", seats));
const steps = games.flat();
const has = (step: (typeof steps)[number], type: string) => step.events.some((event) => event.type === type);

describe("El Paso: where a turn can no longer be taken back", () => {
  it("closes at every draw of cattle cards (an exchange, the aux draw, the hand refilled)", () => {
    const drawing = steps.filter((step) => has(step, "drew"));
    expect(drawing.length).toBeGreaterThan(30);
    for (const step of drawing) expect(step.barrier).not.toBeNull();
    // An exchange in mid-turn draws without rolling anything: the game marks it.
    const exchanges = drawing.filter((step) => step.action.type === "exchange");
    expect(exchanges.some((step) => step.barrier === "reveal")).toBe(true);
  });

  it("closes when a face-down objective or station-bonus tile refills the display", () => {
    const before = setupState("undo-tiles", 3, DEFAULT_OPTIONS);
    const after = { ...before, objPile: before.objPile.slice(1), objDisplay: [before.objPile[0]!, ...before.objDisplay.slice(1)] };
    expect(closesUndo(before, after)).toBe("reveal");
    expect(closesUndo(before, { ...before, bonPile: before.bonPile.slice(1) })).toBe("reveal");
    expect(closesUndo(before, { ...before, turnCount: before.turnCount + 1 })).toBeNull();
  });

  it("closes when the turn passes", () => {
    const passing = steps.filter((step) => has(step, "turn"));
    expect(passing.length).toBeGreaterThan(40);
    for (const step of passing) expect(step.barrier).not.toBeNull();
  });

  it("stays open while a person moves, takes bonuses, hires and builds within the turn", () => {
    const choosing = steps.filter((step) => ["move", "bonus"].includes(step.action.type) && !has(step, "turn") && !has(step, "drew"));
    expect(choosing.length).toBeGreaterThan(60);
    for (const step of choosing) expect(step.barrier, JSON.stringify(step.action)).toBeNull();
    expect(steps.some((step) => ["hire", "build", "buy"].includes(step.action.type) && step.barrier === null)).toBe(true);
  });
});
