// A Radar link's token as a form sends it back (the page puts it in a hidden field). Its shape is
// checked where it is used (lib/radar/owner-links.ts): any junk is simply "not a link of ours".

import * as z from "zod/mini";

export const radarTokenInputSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
