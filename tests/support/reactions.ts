// The test process's start-up, like the server's (lib/background/start.ts): payments and lookups
// react through handlers registered here. Imports no configuration (lib/env is read at import).
import { registerReactions } from "@/lib/background/reactions";

registerReactions();
