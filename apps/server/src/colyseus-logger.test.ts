import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { colyseusLogger } from "./colyseus-logger.ts";

describe("Colyseus's log", () => {
  it("puts a client's undecodable frame at debug, and keeps real errors as errors", () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = colyseusLogger(pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }));
    const junk = new Error("Data read, but end of buffer not reached");
    junk.stack = `${junk.message}\n    at checkedRead (file:///x/msgpackr/unpack.js:229:10)`;
    logger.error(junk.stack);
    expect(lines).toEqual([]);
    logger.error("Error: the presence is unreachable\n    at connect");
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: expect.stringContaining("presence is unreachable") })]);
  });
});
