/**
 * The command-line options of the benches and tools (node:util parseArgs), for every package's
 * scripts (the server's benches and fuzzer, the database's and the simulator's). `--help`
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
  /** The words that are not options, in order (only for a tool that takes them: `positionals`). */
  positionals: string[];
  /** Refuses a value: says why and shows the usage line, then exits 2. */
  fail(why: string): never;
}

/** `usage: pnpm bench:join [--joins 600] [--cpu-prof <value>] [--help]`; `positionals` follows the command. */
export function usageLine(command: string, options: Options, positionals?: string): string {
  const parts = Object.entries(options).map(([name, option]) => {
    if (option.type === "boolean") return `[--${name}]`;
    const shown = option.default === undefined || option.default === "" ? "<value>" : JSON.stringify(option.default).replace(/^"(.*)"$/, "$1");
    return `[--${name} ${shown}]`;
  });
  return `usage: ${[command, positionals, ...parts, "[--help]"].filter(Boolean).join(" ")}`;
}

export interface ReadOptions {
  /** How the usage line shows the words a tool takes besides its options (`[game,...]`); without it a stray word is refused. */
  positionals?: string;
  /** The words to read: the process's own by default. */
  args?: string[];
  io?: CliOutput;
}

/** Reads the process's arguments as `command`'s options, or answers `--help` or a bad option and exits. */
export function readOptions<const O extends Options>(command: string, options: O, { positionals, args = process.argv.slice(2), io = processOutput }: ReadOptions = {}): Cli<O> {
  const usage = usageLine(command, options, positionals);
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
    const parsed = parseArgs({ options, args, strict: true, allowPositionals: positionals !== undefined });
    return { values: parsed.values as Cli<O>["values"], positionals: parsed.positionals, fail };
  } catch (error) {
    // parseArgs's own refusals (unknown option, missing value, stray argument) carry an ERR_PARSE_ARGS_* code.
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) return fail((error as Error).message);
    throw error;
  }
}
