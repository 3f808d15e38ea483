/**
 * The command-line options of the server's benches and tools (node:util parseArgs). `--help`
 * prints the usage line and exits 0; an unknown option, a missing value or a stray argument
 * prints what was wrong and the usage line and exits 2, where parseArgs alone left a Node stack
 * trace; `fail` does the same for a value the tool itself refuses. The usage line is made from
 * the options and their defaults, so it cannot drift from them; the file's opening comment says
 * what each one means.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** What a tool does with its words and its end (replaced in tests). */
export interface CliOutput {
  out: (text: string) => void;
  err: (text: string) => void;
  exit: (code: number) => never;
}

const processOutput: CliOutput = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  exit: (code) => process.exit(code),
};

export interface Cli<O extends Options> {
  values: ReturnType<typeof parseArgs<{ options: O }>>["values"];
  /** Refuses a value: says why and shows the usage line, then exits 2. */
  fail(why: string): never;
}

/** `usage: pnpm bench:join [--joins 600] [--cpu-prof <value>] [--help]` */
export function usageLine(command: string, options: Options): string {
  const parts = Object.entries(options).map(([name, option]) => {
    if (option.type === "boolean") return `[--${name}]`;
    const shown = option.default === undefined || option.default === "" ? "<value>" : JSON.stringify(option.default).replace(/^"(.*)"$/, "$1");
    return `[--${name} ${shown}]`;
  });
  return `usage: ${command} ${[...parts, "[--help]"].join(" ")}`;
}

/** Reads `args` (the process's own by default) as `command`'s options, or answers `--help` or a bad option and exits. */
export function readOptions<const O extends Options>(command: string, options: O, args: string[] = process.argv.slice(2), io: CliOutput = processOutput): Cli<O> {
  const usage = usageLine(command, options);
  const fail = (why: string): never => {
    io.err(`${command}: ${why}\n${usage}`);
    return io.exit(2);
  };
  // Asked for help: nothing else on the line matters (a bad option beside it is not refused).
  if (args.includes("--help") || args.includes("-h")) {
    io.out(usage);
    return io.exit(0);
  }
  try {
    const { values } = parseArgs({ options, args, strict: true, allowPositionals: false });
    return { values: values as Cli<O>["values"], fail };
  } catch (error) {
    // parseArgs's own refusals (unknown option, missing value, stray argument) carry an ERR_PARSE_ARGS_* code.
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) return fail((error as Error).message);
    throw error;
  }
}
