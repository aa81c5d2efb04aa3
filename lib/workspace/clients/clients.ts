import "server-only";
import { db } from "@/lib/db/client";
import { notInWorkspace } from "@/lib/auth/user-route";
import { moduleLogger } from "@/lib/log/logger";
import type { ClientInput } from "@/lib/validation/workspace-input";
import {
  byName,
  clientDetail,
  clientEditValues,
  clientSummary,
  matchesSearch,
  type ClientDetail,
  type ClientEditValues,
  type ClientSummary,
} from "./client-view";
import { clientExists, isUniqueViolation } from "./errors";

// A despachante's clients. Every query carries userId in its WHERE: another account's client is
// "not found", exactly like an id that never existed.

const log = moduleLogger("workspace-clients");

export const CLIENT_LIST_LIMIT = 200;

export type ClientList = {
  clients: ClientSummary[];
  total: number;
  matching: number;
  limit: number;
};

/** Search in memory: accent-blind on names, plates with or without hyphen. */
export async function listClients(userId: string, query = ""): Promise<ClientList> {
  const rows = await db.workspaceClient.findMany({
    where: { userId },
    include: { vehicles: { select: { plate: true }, orderBy: { plate: "asc" } } },
  });
  rows.sort(byName);
  const matching = rows.filter((c) =>
    matchesSearch(
      c,
      c.vehicles.map((v) => v.plate),
      query,
    ),
  );
  return {
    clients: matching.slice(0, CLIENT_LIST_LIMIT).map((c) => clientSummary(c, c.vehicles)),
    total: rows.length,
    matching: matching.length,
    limit: CLIENT_LIST_LIMIT,
  };
}

async function ownClient(userId: string, clientId: string) {
  const client = await db.workspaceClient.findFirst({
    where: { id: clientId, userId },
    include: { vehicles: { orderBy: { createdAt: "asc" } } },
  });
  if (!client) throw notInWorkspace("Cliente");
  return client;
}

export async function getClient(
  userId: string,
  clientId: string,
): Promise<{ client: ClientDetail; edit: ClientEditValues }> {
  const client = await ownClient(userId, clientId);
  return { client: clientDetail(client, client.vehicles), edit: clientEditValues(client) };
}

const columns = (input: ClientInput) => ({
  name: input.name,
  cpfCnpj: input.cpfCnpj,
  phone: input.phone ?? null,
  email: input.email ?? null,
});

export async function createClient(userId: string, input: ClientInput): Promise<ClientDetail> {
  try {
    const client = await db.workspaceClient.create({ data: { userId, ...columns(input) } });
    log.info({ clientId: client.id }, "client created");
    return clientDetail(client, []);
  } catch (error) {
    if (isUniqueViolation(error)) throw clientExists();
    throw error;
  }
}

/** The edit form sends every field: what it leaves empty (phone, e-mail) is cleared. */
export async function updateClient(
  userId: string,
  clientId: string,
  input: ClientInput,
): Promise<ClientDetail> {
  await ownClient(userId, clientId);
  try {
    const { count } = await db.workspaceClient.updateMany({
      where: { id: clientId, userId },
      data: columns(input),
    });
    if (count === 0) throw notInWorkspace("Cliente");
  } catch (error) {
    if (isUniqueViolation(error)) throw clientExists();
    throw error;
  }
  log.info({ clientId }, "client updated");
  return (await getClient(userId, clientId)).client;
}
