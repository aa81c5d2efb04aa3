import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES, profileInputSchema } from "@/lib/validation/profile-input";

describe("the despachante's profile input", () => {
  const parse = (v: unknown) => z.safeParse(profileInputSchema, v);

  it("asks for name and office, trims them; the CNPJ is optional and leaves as digits", () => {
    expect(parse({ name: " Ana Lima ", officeName: "Central ", cnpj: "" })).toMatchObject({
      success: true,
      data: { name: "Ana Lima", officeName: "Central" },
    });
    expect(parse({ name: "Ana", officeName: "Central", cnpj: "11.222.333/0001-81" })).toMatchObject(
      { success: true, data: { cnpj: "11222333000181" } },
    );
    const empty = parse({ name: "", officeName: "  " });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => i.message).sort()).toEqual(
      [PROFILE_MESSAGES.name, PROFILE_MESSAGES.officeName].sort(),
    );
  });

  it("refuses a CNPJ with a wrong check digit or the wrong length, in words", () => {
    expect(
      parse({ name: "Ana", officeName: "Central", cnpj: "11.222.333/0001-80" }).error!.issues[0]!
        .message,
    ).toBe(PROFILE_MESSAGES.cnpj);
    expect(
      parse({ name: "Ana", officeName: "Central", cnpj: "123" }).error!.issues[0]!.message,
    ).toBe(PROFILE_MESSAGES.cnpjFormat);
  });
});
