import "server-only";
import { db } from "@/lib/db/client";

export function countPasskeys(userId: string): Promise<number> {
  return db.passkey.count({ where: { userId } });
}
