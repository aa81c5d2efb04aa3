// Plain words for upstream's search-error-event codes (spec: 900-903). The message upstream sent
// is a fallback for codes we do not know.

export type LookupProblem = { title: string; body: string };

const PROBLEMS: Record<string, LookupProblem> = {
  "900": {
    title: "O sistema do órgão de trânsito está fora do ar",
    body: "O Detran não está respondendo agora. Isso costuma se resolver em alguns minutos: tente de novo daqui a pouco.",
  },
  "901": {
    title: "O órgão de trânsito demorou demais para responder",
    body: "A consulta passou do tempo limite do lado do Detran. Nada foi cobrado: tente de novo, normalmente funciona na segunda vez.",
  },
  "902": {
    title: "O órgão de trânsito devolveu dados inconsistentes",
    body: "Os dados que o Detran devolveu para este veículo não batem entre si. Confira a placa, o RENAVAM e o CPF ou CNPJ; se estiverem certos, tente de novo mais tarde.",
  },
  "903": {
    title: "O órgão de trânsito está em manutenção",
    body: "O sistema do Detran está em manutenção programada e não consulta débitos agora. Tente de novo mais tarde (no Detran-SP, a manutenção vai das 0h às 7h).",
  },
};

export function lookupProblem(
  errorCode: string | null | undefined,
  message: string | null | undefined,
): LookupProblem {
  return (
    (errorCode ? PROBLEMS[errorCode] : undefined) ?? {
      title: "Não foi possível concluir a consulta",
      body: message || "Algo deu errado ao consultar o órgão de trânsito. Tente de novo.",
    }
  );
}
