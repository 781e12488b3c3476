/**
 * A message for the UI: a translation key (client-side rules, e.g. `terms.mustAccept`), or a text
 * the server already translated (its field errors follow `Accept-Language`).
 */
export type Message = { key: string } | { text: string };
