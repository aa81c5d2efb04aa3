import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// eslint.config.mjs holds the browser/server line of docs/layers.md: a client module importing a
// value from a server folder is a lint error, not something only `server-only` stops at build.

const cwd = path.resolve(__dirname, "../../..");
const eslint = new ESLint({ cwd });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

let clientModules: string[] = [];
beforeAll(async () => {
  const config = (await import(pathToFileURL(path.join(cwd, "eslint.config.mjs")).href)) as {
    CLIENT_MODULES: string[];
  };
  clientModules = config.CLIENT_MODULES;
});

// The text is linted as if it were this real file: the set of client modules is read from disk.
const CLIENT_FILE = "components/status/receipt.tsx"; // "use client"
const PULLED_IN = "components/ui/button.tsx"; // no directive, imported by client components
const SERVER_COMPONENT = "components/layout/site-header.tsx"; // rendered by app/layout.tsx only

describe("the set of client modules (computed in eslint.config.mjs)", () => {
  it('holds "use client" files, the components they import, and lib/browser; not server components', () => {
    expect(clientModules).toEqual(
      expect.arrayContaining([CLIENT_FILE, PULLED_IN, "lib/browser/queries.ts"]),
    );
    expect(clientModules).not.toContain(SERVER_COMPONENT);
  });
});

describe("the browser/server line (no-restricted-imports)", { timeout: 60_000 }, () => {
  it("refuses a client component importing the database client", async () => {
    const messages = await restricted(
      CLIENT_FILE,
      '"use client";\nimport { db } from "@/lib/db/client";\nexport const f = db;\n',
    );
    expect(messages).toEqual([expect.stringContaining("Browser code imports values only from")]);
  });

  it("refuses server code in a component a client module pulls in, by alias or relative path", async () => {
    expect(
      await restricted(
        PULLED_IN,
        'import { getBatchView } from "@/lib/workspace/batches/batch-view";\nexport const f = getBatchView;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(PULLED_IN, 'import { env } from "../../lib/env";\nexport const f = env;\n'),
    ).toHaveLength(1);
    expect(
      await restricted(
        PULLED_IN,
        'import { GET } from "@/app/api/health/route";\nexport const f = GET;\n',
      ),
    ).toHaveLength(1);
  });

  it("refuses server-only packages in browser code, lib/browser included", async () => {
    expect(await restricted(CLIENT_FILE, 'import "server-only";\n')).toHaveLength(1);
    expect(
      await restricted(
        "lib/browser/x.ts",
        'import { PrismaClient } from "@prisma/client";\nexport const f = PrismaClient;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        "lib/browser/x.ts",
        'import { db } from "@/lib/db/client";\nexport const f = db;\n',
      ),
    ).toHaveLength(1);
  });

  it("lets browser code import pure rules, schemas, lib/browser, components, packages and any type", async () => {
    expect(
      await restricted(
        CLIENT_FILE,
        [
          '"use client";',
          'import { useState } from "react";',
          'import { formatBRL } from "@/lib/rules/money";',
          'import { lookupInputSchema } from "@/lib/validation/lookup-input";',
          'import { fetchJson } from "@/lib/browser/fetch-json";',
          'import { Button } from "@/components/ui/button";',
          'import { Card } from "../ui/card";',
          'import type { BatchView } from "@/lib/workspace/batches/types";',
          'import { type Code } from "@/lib/errors/codes";',
          "export const f = [useState, formatBRL, lookupInputSchema, fetchJson, Button, Card];",
          "export type T = [BatchView, Code];",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("leaves a server component under components/ to the layer rule alone", async () => {
    expect(
      await restricted(
        SERVER_COMPONENT,
        'import { db } from "@/lib/db/client";\nexport const f = db;\n',
      ),
    ).toEqual([]);
  });
});
