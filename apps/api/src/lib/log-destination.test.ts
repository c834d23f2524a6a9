import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TurnBatchedLines } from './log-destination.ts';

/** A sink that records each write it is given. */
function recordingSink() {
  const sink = Object.assign(new EventEmitter(), {
    writes: [] as string[],
    write(chunk: string, callback?: (error?: Error | null) => void) {
      sink.writes.push(chunk);
      if (callback) process.nextTick(callback);
      return true;
    },
  });
  return sink;
}

describe('request log destination', () => {
  it('writes the lines of one event-loop turn together, in order, at the end of that turn', async () => {
    const sink = recordingSink();
    const lines = new TurnBatchedLines(sink);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    expect(sink.writes).toEqual([]);
    await nextTurn();
    expect(sink.writes).toEqual(['{"n":1}\n{"n":2}\n']);
    lines.write('{"n":3}\n');
    await nextTurn();
    expect(sink.writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it('flushSync hands waiting lines over at once (the exit handler), and nothing is written twice', async () => {
    const sink = recordingSink();
    const lines = new TurnBatchedLines(sink);
    lines.write('{"msg":"shut down"}\n');
    lines.flushSync();
    expect(sink.writes).toEqual(['{"msg":"shut down"}\n']);
    await nextTurn();
    expect(sink.writes).toEqual(['{"msg":"shut down"}\n']);
  });

  it('flush calls back once the sink has the lines, also when none are waiting', async () => {
    const sink = recordingSink();
    const lines = new TurnBatchedLines(sink);
    lines.write('a\n');
    await new Promise<void>((resolve) => lines.flush(() => resolve()));
    expect(sink.writes).toEqual(['a\n']);
    await new Promise<void>((resolve) => lines.flush(() => resolve()));
  });

  it('a sink that fails (the reader went away) stops the log without throwing', async () => {
    const sink = recordingSink();
    const lines = new TurnBatchedLines(sink);
    sink.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(() => lines.write('lost\n')).not.toThrow();
    await nextTurn();
    expect(sink.writes).toEqual([]);
  });
});
