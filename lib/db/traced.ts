import { inSpan, SpanKind, tracingOn } from "@/lib/tracing/trace";
// The type create-client.ts calls Db (imported from there, it would close a module cycle).
import type { PrismaClient as Db } from "@/lib/generated/prisma/client";

// A span for each Prisma operation (a model's query or a raw statement) and each transaction
// inside a trace (a request's, a job's; a queue's poll alone makes none), when tracing is on: named by model and operation, never by the values (they may be personal). Off,
// the client is returned as it is, so an untraced process pays nothing per query.

type Provider = "sqlite" | "postgresql";

export function traced(client: Db, system: Provider): Db {
  if (!tracingOn()) return client;
  const extended = client.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        return inSpan(
          model ? `db ${model}.${operation}` : `db ${operation}`,
          {
            kind: SpanKind.CLIENT,
            childOnly: true,
            attributes: {
              "db.system.name": system,
              "db.operation.name": operation,
              ...(model ? { "db.collection.name": model } : {}),
            },
          },
          () => query(args),
        );
      },
    },
  }) as unknown as Db;
  // $transaction is the client's own method, not an operation an extension sees.
  return new Proxy(extended, {
    get(target, property, receiver) {
      if (property !== "$transaction") return Reflect.get(target, property, receiver);
      return (...args: Parameters<Db["$transaction"]>) =>
        inSpan(
          "db transaction",
          { kind: SpanKind.CLIENT, childOnly: true, attributes: { "db.system.name": system } },
          () => (target.$transaction as (...a: unknown[]) => Promise<unknown>)(...args),
        );
    },
  });
}
