// Import first, before any app module, in a script run by plain Node (tsx) outside Next.
// App modules that hold the API key or the database start with `import "server-only"`, which plain
// Node resolves to a module that throws; this resolve hook maps it to an empty module instead (what
// Next's react-server condition does, without touching React's own react-server exports the way
// `--conditions=react-server` would). Later `await import(...)`s of app code then load.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
        return next(specifier, context);
      }`,
    ),
);
