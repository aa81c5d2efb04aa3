import { createRequire } from "node:module";
import type { ReactElement } from "react";
import type { MailTemplate } from "./define";
import { TEMPLATES, type TemplateName } from "./index";

// react-dom/server is refused by Next in the React Server layer (and its "react-server" export
// throws), yet the outbox worker is reachable from server components (applyPaymentUpdate kicks it).
// So it is loaded at run time from node_modules with Node's own resolution, out of the bundler's
// sight (the specifier is built, not written). Our templates use no hooks or context: their
// elements render the same with that copy of react-dom.
type Server = { renderToStaticMarkup(element: ReactElement): string };
let server: Server | undefined;

function reactDomServer(): Server {
  if (!server) {
    const load = createRequire(`${process.cwd()}/package.json`);
    server = load(["react-dom", "server"].join("/")) as Server;
  }
  return server;
}

export function renderMail(
  name: TemplateName,
  props: unknown,
): { subject: string; html: string; text: string; headers: Record<string, string> } {
  const t = TEMPLATES[name] as MailTemplate<unknown>;
  return {
    subject: t.subject(props),
    html: `<!DOCTYPE html>${reactDomServer().renderToStaticMarkup(t.Html(props))}`,
    text: t.text(props),
    headers: t.headers?.(props) ?? {},
  };
}
