import type { Db } from "@/lib/db/create-client";

// Reading the embedded SMTP server's store back, for the e-mail tests.

export async function receivedFor(db: Db, messageIds: string[]) {
  return db.receivedMail.findMany({ where: { messageId: { in: messageIds } } });
}

/** Polls until `check` holds (or throws the last failure after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
