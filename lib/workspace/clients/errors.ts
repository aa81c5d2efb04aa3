import { AppError } from "@/lib/errors/app-error";
import { formatPlate } from "@/lib/rules/plate";

// Conflicts of the despachante's own data: said in words, with the field, never a bare 500.

export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "P2002";

export const clientExists = () =>
  new AppError({
    code: "CLIENT_EXISTS",
    fields: { cpfCnpj: "Já existe um cliente com este CPF/CNPJ." },
  });

/** Decision: the form never moves a vehicle between clients by surprise; it names the holder. */
export const plateTaken = (plate: string, holder: string) =>
  new AppError({
    code: "PLATE_TAKEN",
    message: `A placa ${formatPlate(plate)} já está cadastrada para o cliente ${holder}. Exclua-a de lá antes de cadastrá-la aqui.`,
    fields: { plate: `Placa já cadastrada para ${holder}.` },
  });
