import type { Prisma } from "@/lib/generated/prisma/client";
import { processSingleton } from "@/lib/server/singleton";

// How a lower capability causes work in a higher one without importing it (docs/layers.md): the
// lower one names a fact (`reactionPoint`) and runs it inside the transaction that commits the
// fact; the higher one registers what it does then (lib/background/reactions.ts). What a reaction
// writes (an outbox row, a batch item's end) commits with the fact or not at all; what it returns
// runs after the commit (waking a worker). Handlers live on globalThis by point and name: Next
// may load a module once per bundle, and registering a name again replaces its handler.

type Tx = Prisma.TransactionClient;
export type Reaction<E> = (tx: Tx, event: E) => Promise<(() => void) | void>;

export type ReactionPoint<E> = {
  /** Registers (or replaces) the handler `name` for this fact. */
  on(name: string, handler: Reaction<E>): void;
  /** Runs every handler in `tx`; returns what to do once `tx` has committed. */
  run(tx: Tx, event: E): Promise<() => void>;
};

export function reactionPoint<E>(point: string): ReactionPoint<E> {
  const handlers = () => {
    const all = processSingleton(
      "db.reactions",
      () => new Map<string, Map<string, Reaction<never>>>(),
    );
    let mine = all.get(point);
    if (!mine) all.set(point, (mine = new Map()));
    return mine as Map<string, Reaction<E>>;
  };
  return {
    on(name, handler) {
      handlers().set(name, handler);
    },
    async run(tx, event) {
      const registered = [...handlers().values()];
      // A process that forgot to register would silently drop the work (an e-mail never queued):
      // every entry point calls registerReactions() (lib/background/reactions.ts) first.
      if (registered.length === 0)
        throw new Error(
          `no reaction registered for "${point}": call registerReactions() at start-up`,
        );
      const after: (() => void)[] = [];
      for (const handler of registered) {
        const then = await handler(tx, event);
        if (then) after.push(then);
      }
      return () => after.forEach((f) => f());
    },
  };
}
