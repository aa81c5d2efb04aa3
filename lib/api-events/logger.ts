import "server-only";
import { moduleLogger } from "@/lib/log/logger";

export const apiEventsLog = moduleLogger("api-events");
