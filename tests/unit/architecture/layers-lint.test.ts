import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// eslint.config.mjs holds the layers of docs/layers.md: a back-import is a lint error.

const cwd = path.resolve(__dirname, "../../..");
const eslint = new ESLint({ cwd });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === "import/no-restricted-paths")
    .map((m) => m.message);
}

describe("the layer rule (import/no-restricted-paths)", { timeout: 60_000 }, () => {
  it("refuses a foundation folder importing a domain capability", async () => {
    const messages = await restricted(
      "lib/db/x.ts",
      'import { applyPaymentUpdate } from "@/lib/payments/apply-update";\nexport const f = applyPaymentUpdate;\n',
    );
    expect(messages).toEqual([expect.stringContaining("lib/db sits below")]);
  });

  it("refuses a lower capability importing a higher one (payments -> mail), relative paths too", async () => {
    expect(
      await restricted(
        "lib/payments/x.ts",
        'import { kickOutbox } from "@/lib/mail/worker";\nexport const f = kickOutbox;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        "lib/lookups/x.ts",
        'import { OPEN_ITEM } from "../workspace/batches/settle-item";\nexport const f = OPEN_ITEM;\n',
      ),
    ).toHaveLength(1);
  });

  it("keeps the sandbox apart from the storefront, both ways", async () => {
    expect(
      await restricted(
        "lib/sandbox/x.ts",
        'import { db } from "../db/client";\nexport const f = db;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        "app/x.ts",
        'import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";\nexport const f = SANDBOX_VEHICLES;\n',
      ),
    ).toHaveLength(1);
  });

  it("lets a higher layer import a lower one", async () => {
    expect(
      await restricted(
        "lib/mail/x.ts",
        'import { paymentStatusChanged } from "@/lib/payments/reactions";\nexport const f = paymentStatusChanged;\n',
      ),
    ).toEqual([]);
  });
});

describe("every lib/ folder has a layer", () => {
  it("lists each folder of lib/ (but the sandbox) in eslint.config.mjs LAYERS", async () => {
    const { readdirSync, statSync } = await import("node:fs");
    const { pathToFileURL } = await import("node:url");
    const { LAYERS } = (await import(pathToFileURL(path.join(cwd, "eslint.config.mjs")).href)) as {
      LAYERS: string[][];
    };
    const placed = new Set(LAYERS.flat());
    const folders = readdirSync(path.join(cwd, "lib")).filter(
      (f) => f !== "sandbox" && statSync(path.join(cwd, "lib", f)).isDirectory(),
    );
    expect(folders.filter((f) => !placed.has(`lib/${f}`))).toEqual([]);
  });
});
