import { undoSteps } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";

const games = ["undo-1", "undo-2"].flatMap((seed) => [2, 3, 4].map((seats) => undoSteps(elGaucho, seed, seats)));
const steps = games.flat();
const has = (step: (typeof steps)[number], type: string) => step.events.some((event) => event.type === type);

describe("El Gaucho: where a turn can no longer be taken back", () => {
  it("closes when the steppe's face-down tiles are looked at", () => {
    const looking = steps.filter((step) => step.action.type === "steppe");
    expect(looking.length).toBeGreaterThan(5);
    for (const step of looking) expect(step.barrier).toBe("reveal");
  });

  it("closes when tiles come off the face-down supply (the steppe or the pampa refilled)", () => {
    const refilling = steps.filter((step) => step.events.some((event) => (event.type === "steppeRefilled" || event.type === "refilled") && event.count !== 0));
    expect(refilling.length).toBeGreaterThan(5);
    for (const step of refilling) expect(step.barrier).not.toBeNull();
    expect(refilling.some((step) => step.barrier === "reveal")).toBe(true);
  });

  it("closes when the kept tiles of the pre-round are revealed, even when the last to choose places first", () => {
    const revealing = steps.filter((step) => has(step, "revealed"));
    expect(revealing).toHaveLength(games.length);
    for (const step of revealing) expect(step.barrier).not.toBeNull();
    expect(revealing.some((step) => step.barrier === "reveal")).toBe(true);
  });

  it("closes when the turn ends, also when the same seat decides next (cattle home, the dieless round)", () => {
    const passing = steps.filter((step) => has(step, "turnEnded") || has(step, "roundStarted"));
    expect(passing.length).toBeGreaterThan(50);
    for (const step of passing) expect(step.barrier).not.toBeNull();
    expect(passing.some((step) => step.barrier === "turn")).toBe(true);
  });

  it("stays open while a person picks dice, places gauchos and takes areas", () => {
    const choosing = steps.filter((step) => ["pick", "stand", "lay", "occupy", "raise", "steppeChoose"].includes(step.action.type));
    expect(choosing.length).toBeGreaterThan(100);
    for (const step of choosing) expect(step.barrier, JSON.stringify(step.action)).toBeNull();
  });
});
