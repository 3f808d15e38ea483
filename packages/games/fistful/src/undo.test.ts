import { undoSteps } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import { fistful } from "./index.ts";

const games = ["undo-1", "undo-2"].flatMap((seed) => [2, 3, 4].map((seats) => undoSteps(fistful, seed, seats)));
const steps = games.flat();
const has = (step: (typeof steps)[number], type: string) => step.events.some((event) => event.type === type);

describe("Fistful: where a turn can no longer be taken back", () => {
  it("closes at every draw from the bag, every die roll, and the end", () => {
    const drawing = steps.filter((step) => has(step, "drew") || has(step, "showdown") || has(step, "rerolled"));
    expect(drawing.length).toBeGreaterThan(50);
    for (const step of drawing) expect(step.barrier === "random" || step.barrier === "over").toBe(true);
    for (const game of games) expect(game.at(-1)!.barrier).toBe("over");
  });

  it("closes when the next seat's turn starts", () => {
    const passing = steps.filter((step) => step.events.some((event) => event.type === "turnStarted" && event.seat !== step.seat));
    expect(passing.length).toBeGreaterThan(50);
    for (const step of passing) expect(step.barrier).not.toBeNull();
  });

  it("stays open while a person chooses where to take from, which way to go and what to place", () => {
    const choosing = steps.filter((step) => ["take", "direction", "place"].includes(step.action.type) && !has(step, "drew") && !has(step, "turnStarted"));
    expect(choosing.length).toBeGreaterThan(100);
    for (const step of choosing) expect(step.barrier, JSON.stringify(step.action)).toBeNull();
  });
});
