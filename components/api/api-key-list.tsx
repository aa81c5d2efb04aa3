import { Badge } from "@/components/ui/badge";
import type { ApiKeyView } from "@/lib/api/keys";
import { RevokeKeyButton } from "./revoke-key-button";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "nunca");

/** The account's keys: what each may do, when it was last used, and a way to revoke it. */
export function ApiKeyList({ keys }: { keys: ApiKeyView[] }) {
  if (keys.length === 0)
    return <p className="text-slate-700">Nenhuma chave ainda. Crie a primeira acima.</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200" aria-label="Chaves de API">
      {keys.map((k) => (
        <li
          key={k.id}
          className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3"
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">{k.name}</p>
            <p className="font-mono text-sm text-slate-700">{k.prefix}…</p>
            <p className="text-sm text-slate-600">
              Criada em {when(k.createdAt)} · último uso: {when(k.lastUsedAt)}
              {k.revokedAt ? ` · revogada em ${when(k.revokedAt)}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={k.mode === "live" ? "brand" : "neutral"}>
              {k.mode === "live" ? "Produção" : "Teste"}
            </Badge>
            <Badge tone="neutral">
              {k.scope === "write" ? "Leitura e escrita" : "Somente leitura"}
            </Badge>
            {k.revokedAt ? (
              <Badge tone="danger">Revogada</Badge>
            ) : (
              <RevokeKeyButton keyId={k.id} name={k.name} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
