import Link from "next/link";

const SECTIONS = [
  { href: "/painel", label: "Início" },
  { href: "/painel/clientes", label: "Clientes" },
  { href: "/painel/lotes", label: "Consultas em lote" },
  { href: "/painel/links", label: "Links" },
  { href: "/painel/radar", label: "Radar" },
  { href: "/painel/api", label: "API" },
] as const;

/** The workspace's sections, and who is signed in. */
export function WorkspaceNav({ email }: { email: string }) {
  return (
    <nav aria-label="Área do despachante" className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        <ul className="flex flex-wrap gap-x-4">
          {SECTIONS.map((s) => (
            <li key={s.href}>
              <Link
                href={s.href}
                prefetch={false}
                className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="ml-auto truncate text-sm text-slate-600">{email}</p>
      </div>
    </nav>
  );
}
