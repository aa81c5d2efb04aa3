import { AppLink } from "@/components/ui/app-link";

/** The brand mark on every page; a way home that survives any state of the flow. `notice` (the
 * test-environment banner) sits inside the header landmark so no content floats outside one. */
// prefetch={false}: the header is on every page, and prefetching its links (next/link did it on
// sight) cost each page view extra server renders and their parsing in the browser while the page
// was still hydrating. The targets are light pages that render in one round trip when clicked.
export function SiteHeader({ notice }: { notice?: React.ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      {notice}
      {/* Phones: one line from 320 px, even in wide fallback fonts (DejaVu Sans): tighter gaps, the
          nav links never wrap, and the workspace link says "Painel" below sm. Below 360 px the
          decorative "PP" mark gives way and the name steps down a size: the words are what count. */}
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-3 min-[360px]:gap-3 min-[360px]:px-4 sm:gap-4 print:hidden">
        <AppLink
          href="/"
          prefetch={false}
          className="flex min-h-11 items-center gap-2 whitespace-nowrap text-base font-bold text-slate-900 min-[360px]:text-lg"
        >
          <span
            aria-hidden="true"
            className="hidden rounded-md bg-brand-600 px-1.5 py-0.5 text-sm font-black tracking-wider text-white min-[360px]:inline"
          >
            PP
          </span>
          Placa Paga
        </AppLink>
        <div className="flex shrink-0 items-center gap-2 whitespace-nowrap min-[360px]:gap-3 sm:gap-4">
          {/* The dispatcher's way back to the links they sent (this browser only, no account). */}
          <AppLink
            href="/links"
            prefetch={false}
            className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Meus links
          </AppLink>
          {/* One accessible name at every width that contains each visible label (WCAG 2.5.3). */}
          <AppLink
            href="/painel"
            prefetch={false}
            aria-label="Painel do despachante"
            className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <span className="sm:hidden">Painel</span>
            <span className="hidden sm:inline">Despachante</span>
          </AppLink>
        </div>
      </div>
    </header>
  );
}
