/**
 * The one source of "now" for rules and use cases (never Date.now()). Production uses the system
 * clock; tests use ManualClock; sandbox mode uses OffsetClock, the test clock (BE-09) that
 * `POST /api/sandbox/clock` moves for the whole system.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-11-22T02:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }
}

/** A clock the sandbox may move forward (the test clock) or set; ManualClock and OffsetClock are. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
  set(to: Date | string): void;
}

export function isMovable(clock: Clock): clock is MovableClock {
  return (
    typeof (clock as Partial<MovableClock>).advance === 'function' &&
    typeof (clock as Partial<MovableClock>).set === 'function'
  );
}

/** Real time plus an offset: the sandbox test clock (its offset is kept in the database across restarts). */
export class OffsetClock implements MovableClock {
  #offsetMs: number;
  readonly #base: Clock;
  constructor(offsetMs = 0, base: Clock = systemClock) {
    this.#offsetMs = offsetMs;
    this.#base = base;
  }
  get offsetMs(): number {
    return this.#offsetMs;
  }
  now(): Date {
    return new Date(this.#base.now().getTime() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
  set(to: Date | string): void {
    this.#offsetMs = new Date(to).getTime() - this.#base.now().getTime();
  }
  /**
   * Another process moved the test clock further (its offset, kept in the database): follow it.
   * Never back: the ledger and the loans' histories are dated by this clock.
   */
  catchUp(offsetMs: number): boolean {
    if (offsetMs <= this.#offsetMs) return false;
    this.#offsetMs = offsetMs;
    return true;
  }
}

export const MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
