/** Where a line goes: process.stdout in the server. */
export interface LineSink {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * The request log's destination: the lines logged in one turn of the event loop go to stdout
 * together, in one write, at the end of that turn (setImmediate), in the order they were logged.
 *
 * Why: pino's default destination wrote each line on its own with `fs.write`, which runs on libuv's
 * thread pool, so a request paid for waking a pool thread and being woken back (issue 8: with this,
 * `GET /api/home` costs about 1.5 fewer context switches a request under load, the log's share of
 * the main thread's CPU profile fell from ~13% to ~5%, and in an interleaved A/B on shared cores the
 * server CPU a request fell ~4%). Written from the main thread through `process.stdout`, a pipe (the
 * container's log) is written at once when it has room and otherwise buffered and drained by libuv
 * without blocking the server, as it was; a file or /dev/null is written synchronously.
 *
 * Nothing waits longer than the turn it was logged in, and lines still waiting when the process
 * exits (`process.exit` after a shutdown, an uncaught exception) are written on the way out.
 */
export class TurnBatchedLines {
  #pending = '';
  #scheduled = false;
  #broken = false;
  readonly #sink: LineSink;

  constructor(sink: LineSink) {
    this.#sink = sink;
    // A reader that went away (EPIPE) stops the log, not the server, as pino's own destination did.
    sink.on('error', () => {
      this.#broken = true;
      this.#pending = '';
    });
  }

  write(line: string): boolean {
    if (this.#broken) return true;
    this.#pending += line;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flushTurn);
    }
    return true;
  }

  /** Writes what is waiting now; `callback` runs once the sink has taken it (pino's `logger.flush`). */
  flush(callback?: (error?: Error | null) => void): void {
    const batch = this.#pending;
    this.#pending = '';
    if (!batch || this.#broken) {
      if (callback) process.nextTick(callback);
      return;
    }
    this.#sink.write(batch, callback);
  }

  /** Same as flush, for exit handlers: the sink is given the lines before the process ends. */
  flushSync(): void {
    this.flush();
  }

  readonly #flushTurn = () => {
    this.#scheduled = false;
    this.flush();
  };
}

let stdoutLines: TurnBatchedLines | undefined;

/** The one batched destination on process.stdout (a test builds several apps in one process). */
export function stdoutLogDestination(): TurnBatchedLines {
  if (!stdoutLines) {
    const lines = new TurnBatchedLines(process.stdout);
    process.on('exit', () => lines.flushSync());
    stdoutLines = lines;
  }
  return stdoutLines;
}
