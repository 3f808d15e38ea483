/**
 * Where the server's log lines go: stdout, with info and debug lines gathered for a moment and
 * written together, and every warning, error and fatal line written at once (with the lines
 * gathered before it, so the order is kept).
 *
 * Why: every log line used to be its own synchronous write(2) to stdout. A person coming back
 * logs "seat taken", and a write to a pipe cost ~0.15–0.2 ms of the server's CPU in bench:join
 * (pino's write and fs.writeSync were ~5 % of a join's profile): a restart of 1,000 tables
 * writes thousands of such lines while the main thread is the bottleneck. Gathered, the same
 * lines cost one write per interval.
 *
 * What an operator needs is never held back: a warning or worse empties the buffer at once and
 * synchronously, so a crash right after it (or a process.exit after a fatal line) loses nothing
 * of it; the buffer is also written on the process's "exit". Only a SIGKILL (or an abort) can
 * lose info lines, at most those of the last `flushMs`.
 */
import { pino } from "pino";

export interface LogSink {
  write(text: string): unknown;
}

export interface BufferedLogOptions {
  /** How long an info line may wait before it is written. */
  flushMs: number;
  /** Written at once when this many characters are waiting. */
  maxChars: number;
  /** Lines of this level or above are written at once (pino's numbers: 40 is warn). */
  immediateLevel: number;
}

export const DEFAULT_BUFFERED_LOG: BufferedLogOptions = { flushMs: 100, maxChars: 64 * 1024, immediateLevel: 40 };

/** A pino destination (it asks pino for each line's level) over `sink`; `flush` writes what waits. */
export class BufferedLogDestination {
  // pino sets lastLevel before each write() on a stream that asks for its metadata.
  readonly [pino.symbols.needsMetadataGsym] = true;
  lastLevel = 0;
  private waiting: string[] = [];
  private waitingChars = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sink: LogSink,
    private readonly options: BufferedLogOptions = DEFAULT_BUFFERED_LOG,
  ) {}

  write(line: string): void {
    this.waiting.push(line);
    this.waitingChars += line.length;
    if (this.lastLevel >= this.options.immediateLevel || this.waitingChars >= this.options.maxChars) {
      this.flush();
      return;
    }
    if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs);
      // A waiting line never keeps the process alive; "exit" writes it.
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.waiting.length === 0) return;
    const text = this.waiting.length === 1 ? this.waiting[0]! : this.waiting.join("");
    this.waiting = [];
    this.waitingChars = 0;
    this.sink.write(text);
  }
}

/**
 * The server's destination: stdout through pino's synchronous SonicBoom (which retries a full
 * pipe), gathered as above, and written out when the process exits however it exits normally.
 */
export function stdoutLogDestination(options: BufferedLogOptions = DEFAULT_BUFFERED_LOG): BufferedLogDestination {
  const destination = new BufferedLogDestination(pino.destination({ dest: 1, sync: true }), options);
  process.on("exit", () => destination.flush());
  return destination;
}
