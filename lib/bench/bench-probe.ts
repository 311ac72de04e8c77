// What bench:memory reads from the background of a loopback build: how long each message's handler took
// (in the background, not the round trip), and when a named piece of work ran. Every use sits behind
// `import.meta.env.MODE === 'loopback'`, which store builds fold away with this module.
import type { Receive } from '@/lib/messaging/message-receiver';

interface Probe {
  handlerMs: Record<string, number[]>;
  ranAt: Record<string, number[]>;
}

const probe = (): Probe => {
  const scope = globalThis as { vhlBench?: Probe };
  scope.vhlBench ??= { handlerMs: {}, ranAt: {} };
  return scope.vhlBench;
};

const push = (lists: Record<string, number[]>, name: string, value: number) => {
  lists[name] = [...(lists[name] ?? []), value];
};

/** The same handlers, each timed. */
export function timed(handlers: Record<string, Receive>): Record<string, Receive> {
  return Object.fromEntries(
    Object.entries(handlers).map(([type, receive]) => [
      type,
      async (message: Parameters<Receive>[0]) => {
        const start = performance.now();
        try {
          return await receive(message);
        } finally {
          push(probe().handlerMs, type, performance.now() - start);
        }
      },
    ]),
  );
}

/** Notes that `name` ran now. */
export function ran(name: string): void {
  push(probe().ranAt, name, Date.now());
}

/** Notes that a named piece of work (not a message's handler) took `ms`. */
export function took(name: string, ms: number): void {
  push(probe().handlerMs, name, ms);
}
