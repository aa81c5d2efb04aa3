import * as z from "zod/mini";
import { vehicleSelectionSchema } from "@/lib/validation/batch-input";
import { apiLookupInputSchema, linkQuerySchema, pageQuerySchema } from "@/lib/validation/api-query";
import { clientInputSchema, vehicleInputSchema } from "@/lib/validation/workspace-input";
import { workspaceLinkInputSchema } from "@/lib/validation/workspace-link-input";
import { operation } from "./operation";
import * as s from "./schemas";

// Every operation of /api/v1, in the order the OpenAPI document lists them. Each route file under
// app/api/v1 takes its operation from here; tests/unit/api/operations.test.ts checks that every
// operation has a route and every route an operation.

const when = "2026-11-29T12:00:00.000Z";
const vehicleExample = {
  id: "cm3veh0000000qz8h3v7f2b1c",
  clientId: "cm3cli0000000qz8h3v7f2b1c",
  plate: "ABC1D23",
  uf: "SP",
  renavam: "12345678900",
};
const clientExample = {
  id: "cm3cli0000000qz8h3v7f2b1c",
  name: "Maria da Silva",
  cpfCnpjMasked: "***.456.789-**",
  phone: "(11) 98765-4321",
  email: "maria@example.com",
  vehicles: [vehicleExample],
  createdAt: when,
  updatedAt: when,
};
const batchExample = {
  id: "cm3bat0000000qz8h3v7f2b1c",
  createdAt: when,
  progress: { total: 2, done: 1, failed: 0, remaining: 1, etaSeconds: 30 },
};
const linkExample = {
  id: "cm3lnk0000000qz8h3v7f2b1c",
  url: "https://placapaga.example/pagar/3q2-7xYzAbCdEfGhIjKlMnOpQr",
  stage: "paid",
  clientId: "cm3cli0000000qz8h3v7f2b1c",
  plate: "ABC1D23",
  uf: "SP",
  amountCents: 29_347,
  debtCount: 2,
  createdAt: when,
  expiresAt: "2026-12-06T12:00:00.000Z",
  payment: {
    method: "pix",
    status: "paid",
    liquidationStatus: null,
    paidAt: when,
    debtsSettled: 0,
    debtsTotal: 2,
  },
};
const page = (item: unknown) => ({ data: [item], nextCursor: null });
const debtExample = {
  id: "0f6a3c1e-6a43-4d3e-9a0c-1d2e3f4a5b6c",
  type: "ticket",
  title: "Multa - Excesso de velocidade",
  amountCents: 19_553,
  dueDate: when,
  required: false,
};
const lookupExample = (status: "pending" | "debts") => ({
  id: "5d0f7b0e-1c1a-4c8e-9a51-0b6b2b0c9e11",
  vehicleId: vehicleExample.id,
  plate: "ABC1D23",
  uf: "SP",
  status,
  errorCode: null,
  debts: status === "debts" ? [debtExample] : [],
  createdAt: when,
  resolvedAt: status === "debts" ? when : null,
});

const clientPatchSchema = z.partial(clientInputSchema);
const vehiclePatchSchema = z.partial(vehicleInputSchema);

export const API_OPERATIONS = {
  listClients: operation({
    id: "listClients",
    method: "GET",
    path: "/clients",
    tag: "Clients",
    summary: "List the account's clients, newest first",
    query: pageQuerySchema,
    answer: {
      status: 200,
      schema: s.pageOf(s.clientSchema, "ClientPage"),
      example: page(clientExample),
    },
    errors: ["VALIDATION_ERROR"],
  }),
  createClient: operation({
    id: "createClient",
    method: "POST",
    path: "/clients",
    tag: "Clients",
    summary: "Add a client",
    body: clientInputSchema,
    bodyExample: {
      name: "Maria da Silva",
      cpfCnpj: "123.456.789-09",
      phone: "(11) 98765-4321",
      email: "maria@example.com",
    },
    answer: { status: 201, schema: s.clientSchema, example: { ...clientExample, vehicles: [] } },
    errors: ["VALIDATION_ERROR", "CLIENT_EXISTS"],
  }),
  getClient: operation({
    id: "getClient",
    method: "GET",
    path: "/clients/{clientId}",
    tag: "Clients",
    summary: "A client with its vehicles",
    answer: { status: 200, schema: s.clientSchema, example: clientExample },
    errors: ["NOT_FOUND"],
  }),
  updateClient: operation({
    id: "updateClient",
    method: "PATCH",
    path: "/clients/{clientId}",
    tag: "Clients",
    summary: 'Change some of a client\'s fields ("" clears phone or email)',
    body: clientPatchSchema,
    bodyExample: { phone: "(11) 91234-5678", email: "" },
    answer: { status: 200, schema: s.clientSchema, example: clientExample },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "CLIENT_EXISTS"],
  }),
  deleteClient: operation({
    id: "deleteClient",
    method: "DELETE",
    path: "/clients/{clientId}",
    tag: "Clients",
    summary: "Delete a client, its vehicles, lookups and unpaid links",
    answer: {
      status: 200,
      schema: s.deletedSchema,
      example: { id: clientExample.id, deleted: true },
    },
    errors: ["NOT_FOUND"],
  }),
  createVehicle: operation({
    id: "createVehicle",
    method: "POST",
    path: "/clients/{clientId}/vehicles",
    tag: "Vehicles",
    summary: "Add a vehicle to a client (one plate per account)",
    body: vehicleInputSchema,
    bodyExample: { plate: "ABC1D23", uf: "SP", renavam: "12345678900" },
    answer: { status: 201, schema: s.vehicleSchema, example: vehicleExample },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "PLATE_TAKEN"],
  }),
  getVehicle: operation({
    id: "getVehicle",
    method: "GET",
    path: "/vehicles/{vehicleId}",
    tag: "Vehicles",
    summary: "A vehicle",
    answer: { status: 200, schema: s.vehicleSchema, example: vehicleExample },
    errors: ["NOT_FOUND"],
  }),
  updateVehicle: operation({
    id: "updateVehicle",
    method: "PATCH",
    path: "/vehicles/{vehicleId}",
    tag: "Vehicles",
    summary: "Change a vehicle's plate, UF or RENAVAM",
    body: vehiclePatchSchema,
    bodyExample: { plate: "ABC1D24" },
    answer: { status: 200, schema: s.vehicleSchema, example: vehicleExample },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "PLATE_TAKEN"],
  }),
  deleteVehicle: operation({
    id: "deleteVehicle",
    method: "DELETE",
    path: "/vehicles/{vehicleId}",
    tag: "Vehicles",
    summary: "Delete a vehicle and its lookups (its links stay with the client)",
    answer: {
      status: 200,
      schema: s.deletedSchema,
      example: { id: vehicleExample.id, deleted: true },
    },
    errors: ["NOT_FOUND"],
  }),
  startLookup: operation({
    id: "startLookup",
    method: "POST",
    path: "/lookups",
    tag: "Lookups",
    summary: "Look up one of the account's vehicles now",
    description:
      "Spends a unit of the API's share of the lookups' budget (429 `API_LOOKUP_SHARE_SPENT` when this minute's is spent). The answer is usually `pending`: read it again until it is not.",
    body: apiLookupInputSchema,
    bodyExample: { vehicleId: vehicleExample.id },
    answer: { status: 201, schema: s.lookupSchema, example: lookupExample("pending") },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "API_LOOKUP_SHARE_SPENT"],
  }),
  getLookup: operation({
    id: "getLookup",
    method: "GET",
    path: "/lookups/{lookupId}",
    tag: "Lookups",
    summary: "A lookup started through the API, with its debts once answered",
    answer: { status: 200, schema: s.lookupSchema, example: lookupExample("debts") },
    errors: ["NOT_FOUND"],
  }),
  startBatch: operation({
    id: "startBatch",
    method: "POST",
    path: "/batches",
    tag: "Batches",
    summary: "Look up every vehicle, those of some clients, or some vehicles (at most 500)",
    body: vehicleSelectionSchema,
    bodyExample: { scope: "clients", clientIds: ["cm3cli0000000qz8h3v7f2b1c"] },
    answer: {
      status: 201,
      schema: s.batchSchema,
      example: { ...batchExample, progress: { ...batchExample.progress, done: 0, remaining: 2 } },
    },
    errors: ["VALIDATION_ERROR", "BATCH_EMPTY", "BATCH_TOO_LARGE"],
  }),
  listBatches: operation({
    id: "listBatches",
    method: "GET",
    path: "/batches",
    tag: "Batches",
    summary: "The account's batches with their progress, newest first",
    query: pageQuerySchema,
    answer: {
      status: 200,
      schema: s.pageOf(s.batchSchema, "BatchPage"),
      example: page(batchExample),
    },
    errors: ["VALIDATION_ERROR"],
  }),
  getBatch: operation({
    id: "getBatch",
    method: "GET",
    path: "/batches/{batchId}",
    tag: "Batches",
    summary: "A batch's progress",
    answer: { status: 200, schema: s.batchSchema, example: batchExample },
    errors: ["NOT_FOUND"],
  }),
  listBatchItems: operation({
    id: "listBatchItems",
    method: "GET",
    path: "/batches/{batchId}/items",
    tag: "Batches",
    summary: "A batch's vehicles with their state and, once done, their debts",
    query: pageQuerySchema,
    answer: {
      status: 200,
      schema: s.pageOf(s.batchItemSchema, "BatchItemPage"),
      example: page({
        id: "cm3itm0000000qz8h3v7f2b1c",
        clientId: clientExample.id,
        vehicleId: vehicleExample.id,
        plate: "ABC1D23",
        uf: "SP",
        status: "done",
        lookupId: "5d0f7b0e-1c1a-4c8e-9a51-0b6b2b0c9e11",
        errorCode: null,
        totalCents: 29_347,
        debts: [debtExample],
        finishedAt: when,
      }),
    },
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
  }),
  getBatchCsv: operation({
    id: "getBatchCsv",
    method: "GET",
    path: "/batches/{batchId}/csv",
    tag: "Batches",
    summary:
      "A batch's results as the CSV the batch page exports (Excel pt-BR: `;`, decimal comma)",
    answer: {
      status: 200,
      contentType: "text/csv",
      example: "Cliente;Placa;UF;Situação;...\r\n",
    },
    errors: ["NOT_FOUND"],
  }),
  createLink: operation({
    id: "createLink",
    method: "POST",
    path: "/links",
    tag: "Links",
    summary: "Make a payment link from a lookup's debts for a client",
    description:
      "`lookupId` and `debtIds` come from a batch item. The client (by default the vehicle's) must have a full name, an e-mail and a mobile number: they are the payer's.",
    body: workspaceLinkInputSchema,
    bodyExample: {
      lookupId: "5d0f7b0e-1c1a-4c8e-9a51-0b6b2b0c9e11",
      debtIds: ["0f6a3c1e-6a43-4d3e-9a0c-1d2e3f4a5b6c"],
    },
    answer: {
      status: 201,
      schema: s.linkSchema,
      example: { ...linkExample, stage: "open", payment: null },
    },
    errors: [
      "VALIDATION_ERROR",
      "NOT_FOUND",
      "CLIENT_INCOMPLETE",
      "DEBT_ALREADY_PAID",
      "DEBT_IN_PAYMENT",
    ],
  }),
  listLinks: operation({
    id: "listLinks",
    method: "GET",
    path: "/links",
    tag: "Links",
    summary: "The account's payment links, newest first, by client or stage",
    query: linkQuerySchema,
    answer: { status: 200, schema: s.pageOf(s.linkSchema, "LinkPage"), example: page(linkExample) },
    errors: ["VALIDATION_ERROR"],
  }),
  getLink: operation({
    id: "getLink",
    method: "GET",
    path: "/links/{linkId}",
    tag: "Links",
    summary: "A payment link with its payment's state",
    answer: { status: 200, schema: s.linkSchema, example: linkExample },
    errors: ["NOT_FOUND"],
  }),
} as const;

export type ApiOperationId = keyof typeof API_OPERATIONS;
