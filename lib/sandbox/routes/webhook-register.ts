import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { apiKeyOf } from "../http/auth";
import { bodyOf } from "../http/json-body";
import { validationError } from "../http/validation";

// Production demands a publicly reachable URL; the sandbox also accepts loopback and private
// addresses so a partner can point it at a receiver on their own machine (documented).
const RegisterBody = z.object({
  url: z
    .string({
      error: (iss) => (iss.input === undefined ? "url is required" : "url must be a string"),
    })
    .refine(isHttpUrl, { error: "url must be an absolute http(s) URL" }),
});

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

export function registerWebhookRegisterRoute(app: Hono, ctx: SandboxContext): void {
  app.post("/uvvi/v1/webhook-register", async (c) => {
    const parsed = RegisterBody.safeParse(await bodyOf(c));
    if (!parsed.success) return validationError(c, parsed.error);
    // One URL per key: a new registration replaces the previous one.
    ctx.store.webhookUrlByKey.set(apiKeyOf(c), parsed.data.url);
    return c.json(
      {
        request_id: randomUUID(),
        status: "registered",
        message: `Webhook URL registered: ${parsed.data.url}`,
      },
      200,
    );
  });
}
