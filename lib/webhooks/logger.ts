import "server-only";
import { moduleLogger } from "@/lib/log/logger";

// Webhook ingestion, dispatch and reconciliation logs.
export const webhookLog = moduleLogger("webhooks");
