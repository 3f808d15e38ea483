import { describe, expect, it } from "vitest";
import { type CliOutput, readOptions, usageLine } from "./cli-options.ts";

const OPTIONS = { tables: { type: "string", default: "100" }, spectators: { type: "boolean", default: false }, "server-log": { type: "string" } } as const;

/** Runs readOptions with `args`, catching what it would print and its exit code. */
function run(args: string[]): { out: string[]; err: string[]; code: number | null; values?: unknown } {
  const said = { out: [] as string[], err: [] as string[], code: null as number | null };
  const io: CliOutput = {
    out: (text) => said.out.push(text),
    err: (text) => said.err.push(text),
    exit: (code) => {
      said.code = code;
      throw new Error("exited");
    },
  };
  try {
    return { ...said, values: readOptions("pnpm bench:test", OPTIONS, { args, io }).values };
  } catch {
    return said;
  }
}

describe("the benches' options", () => {
  it("reads the options with their defaults", () => {
    expect(run([]).values).toEqual({ tables: "100", spectators: false });
    expect(run(["--tables", "5", "--spectators", "--server-log", "x.log"]).values).toEqual({ tables: "5", spectators: true, "server-log": "x.log" });
  });

  it("answers --help with the usage line and exit 0", () => {
    const answer = run(["--tables", "5", "--help"]);
    expect(answer.code).toBe(0);
    expect(answer.out).toEqual(["usage: pnpm bench:test [--tables 100] [--spectators] [--server-log <value>] [--help]"]);
    expect(run(["-h"]).code).toBe(0);
  });

  it("refuses an unknown option, a missing value and a stray word with the usage line and exit 2", () => {
    for (const args of [["--bogus"], ["--tables"], ["tables"]]) {
      const answer = run(args);
      expect(answer.code, args.join(" ")).toBe(2);
      expect(answer.err.join("\n"), args.join(" ")).toMatch(/^pnpm bench:test: .+\nusage: pnpm bench:test /);
      expect(answer.err.join("\n")).not.toMatch(/\n\s+at /);
    }
  });

  it("takes words besides the options only from a tool that names them", () => {
    const said: string[] = [];
    const io: CliOutput = { out: (text) => said.push(text), err: (text) => said.push(text), exit: () => { throw new Error("exited"); } };
    const cli = readOptions("pnpm sim", OPTIONS, { positionals: "[game,...]", args: ["fistful,el-paso", "--tables", "3"], io });
    expect(cli.positionals).toEqual(["fistful,el-paso"]);
    expect(cli.values.tables).toBe("3");
    expect(() => readOptions("pnpm sim", OPTIONS, { positionals: "[game,...]", args: ["--help"], io })).toThrow("exited");
    expect(said).toEqual(["usage: pnpm sim [game,...] [--tables 100] [--spectators] [--server-log <value>] [--help]"]);
  });

  it("shows a default as it is typed, and <value> where there is none", () => {
    expect(usageLine("x", { game: { type: "string", default: "a,b" }, "node-args": { type: "string", default: "" } })).toBe("usage: x [--game a,b] [--node-args <value>] [--help]");
  });
});
