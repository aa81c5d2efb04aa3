import { contactHash, documentHash, open, seal, type Keyring } from "@/lib/privacy/cipher";
import { keyring } from "@/lib/privacy/keyring";

// Which columns hold personal data, sealed (lib/privacy) before their first write and opened on
// every read, so the rest of the code keeps reading and writing plain values through Prisma
// (sealedClient below). docs/privacy.md's encryption section lists them and why.

export const SEALED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Lookup: ["renavam", "cpfCnpj"],
  Checkout: ["customerName", "customerEmail", "customerCpfCnpj", "customerPhone", "renavam"],
  WorkspaceClient: ["name", "cpfCnpj", "phone", "email"],
  WorkspaceVehicle: ["renavam"],
  MailMessage: ["to", "props"],
  ReceivedMail: ["to", "subject", "html", "text", "attachments"],
  Session: ["ipAddress", "userAgent"],
  User: ["name", "officeCnpj"],
  WebhookEvent: ["payload"],
  RadarWatch: ["plate", "renavam", "cpfCnpj", "email"],
  // An API answer kept for an Idempotency-Key replay can name a client (lib/api/idempotency.ts).
  ApiIdempotency: ["body"],
  // Not a person's data but a secret that must be readable to sign (webhooks out): sealed the same way.
  ApiEndpoint: ["secret"],
};

type KeyedHash = { field: string; index: string; hash: (ring: Keyring, plain: string) => string };

/** The keyed hash written beside a value looked up by equality, filled from it when a write does not set it. */
export const KEYED_HASHES: Readonly<Record<string, KeyedHash>> = {
  Lookup: { field: "cpfCnpj", index: "cpfCnpjIndex", hash: documentHash },
  Checkout: { field: "customerCpfCnpj", index: "customerCpfCnpjIndex", hash: documentHash },
  WorkspaceClient: { field: "cpfCnpj", index: "cpfCnpjIndex", hash: documentHash },
  MailMessage: { field: "to", index: "toIndex", hash: contactHash },
  RadarWatch: { field: "email", index: "emailIndex", hash: contactHash },
};

const SEALED_NAMES = new Set(Object.values(SEALED_FIELDS).flat());

type Data = Record<string, unknown>;

/** One row's data as it is written: its personal columns sealed, its keyed hash filled (raw inserts use it too). */
export function sealData(model: string, data: Data): Data {
  const fields = SEALED_FIELDS[model]!;
  const ring = keyring();
  const out: Data = { ...data };
  const keyed = KEYED_HASHES[model];
  if (keyed && !(keyed.index in out)) {
    const plain = out[keyed.field];
    const text = typeof plain === "string" ? plain : (plain as { set?: unknown } | undefined)?.set;
    // An erased value ("") has no hash: two erased rows must not collide on a unique index.
    if (typeof text === "string") out[keyed.index] = text === "" ? null : keyed.hash(ring, text);
  }
  for (const f of fields) {
    const v = out[f];
    if (typeof v === "string") out[f] = seal(ring, v);
    else if (v && typeof v === "object" && typeof (v as { set?: unknown }).set === "string")
      out[f] = { set: seal(ring, (v as { set: string }).set) };
  }
  return out;
}

const sealMany = (model: string, data: unknown) =>
  Array.isArray(data) ? data.map((d) => sealData(model, d as Data)) : sealData(model, data as Data);

/**
 * A sealed column cannot be filtered or sorted on by value (each sealing differs): such a query
 * would silently find nothing, so it fails loudly instead. "" (an erased field) and null compare.
 */
function refuseSealedFilter(model: string, where: unknown, orderBy: unknown): void {
  const fields = SEALED_FIELDS[model]!;
  const check = (w: unknown) => {
    if (!w || typeof w !== "object") return;
    for (const [k, v] of Object.entries(w as Data)) {
      if (k === "AND" || k === "OR" || k === "NOT") [v].flat().forEach(check);
      else if (
        fields.includes(k) &&
        v !== "" &&
        v !== null &&
        !(
          v &&
          typeof v === "object" &&
          "equals" in v &&
          ((v as Data).equals === "" || (v as Data).equals === null)
        )
      ) {
        throw new Error(
          `${model}.${k} is sealed (lib/privacy): filter on its keyed hash${KEYED_HASHES[model]?.field === k ? ` (${KEYED_HASHES[model]!.index})` : ""} or sort in memory`,
        );
      }
    }
  };
  check(where);
  for (const o of [orderBy].flat()) {
    for (const k of Object.keys((o as Data | undefined) ?? {})) {
      if (fields.includes(k))
        throw new Error(`${model}.${k} is sealed (lib/privacy): sort in memory after reading`);
    }
  }
}

function sealArgs(model: string, operation: string, args: Data): Data {
  refuseSealedFilter(model, args.where, args.orderBy);
  switch (operation) {
    case "create":
    case "update":
    case "updateMany":
    case "updateManyAndReturn":
    case "createMany":
    case "createManyAndReturn":
      return args.data === undefined ? args : { ...args, data: sealMany(model, args.data) };
    case "upsert":
      return {
        ...args,
        create: sealData(model, args.create as Data),
        update: sealData(model, args.update as Data),
      };
    default:
      return args;
  }
}

/** Opens every sealed value in a query's result, however deep the relations it includes. */
export function openSealed<T>(value: T): T {
  const ring = keyring();
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
      return v;
    }
    if (v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      const row = v as Data;
      for (const k in row) {
        const f = row[k];
        if (typeof f === "string") {
          if (SEALED_NAMES.has(k)) row[k] = open(ring, f);
        } else if (f && typeof f === "object") walk(f);
      }
    }
    return v;
  };
  return walk(value) as T;
}

type QueryHook = (params: {
  model?: string;
  operation: string;
  args: Data;
  query: (args: Data) => Promise<unknown>;
}) => Promise<unknown>;

/** The query hook of the Prisma client extension in create-client.ts. */
export const sealedQuery: QueryHook = async ({ model, operation, args, query }) => {
  const sealedArgs = model && SEALED_FIELDS[model] ? sealArgs(model, operation, args ?? {}) : args;
  return openSealed(await query(sealedArgs));
};
