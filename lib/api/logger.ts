import "server-only";
import { moduleLogger } from "@/lib/log/logger";

export const apiLog = moduleLogger("api");
