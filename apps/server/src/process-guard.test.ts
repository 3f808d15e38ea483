import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { strayErrorPolicy } from "./process-guard.ts";

describe("stray errors", () => {
  it("are logged and survived, until a storm of them shows the process is broken", () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const exits: number[] = [];
    let now = 0;
    const onError = strayErrorPolicy(logger, { maxErrors: 3, windowMs: 1000, exit: (code) => exits.push(code) }, () => now)("uncaughtException");

    for (let i = 0; i < 3; i++) onError(new Error(`client ${i} sent junk`));
    expect(exits).toEqual([]);
    expect(lines.map((l) => l.level)).toEqual([50, 50, 50]);
    // Errors spread out in time never add up to a storm.
    now += 2000;
    onError(new Error("later"));
    expect(exits).toEqual([]);
    for (let i = 0; i < 3; i++) onError(new Error("storm"));
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toMatchObject({ level: 60, msg: expect.stringContaining("too many uncaught errors") });
  });
});
