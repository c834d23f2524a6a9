/**
 * The one source of "now" for rules and use cases (never Date.now()). Production uses the system
 * clock; tests use ManualClock; a later issue adds the sandbox test clock that can be moved.
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

export const MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
