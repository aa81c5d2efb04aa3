import "server-only";
import { reactionPoint } from "@/lib/db/reactions";

// The batches' facts that higher capabilities react to in the same transaction
// (lib/db/reactions.ts; registered in lib/background/reactions.ts): the workspace does not know
// who else is told. Declared apart from the code that runs them: registering imports this module
// at start-up, before the database client may be loaded.

export type BatchFinished = {
  batchId: string;
  userId: string;
  items: number;
  done: number;
  failed: number;
  createdAt: Date;
  finishedAt: Date;
};

export type BatchesFinishedFact = { batches: readonly BatchFinished[] };
export const batchesFinished = reactionPoint<BatchesFinishedFact>("batches.finished");
