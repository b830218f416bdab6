/**
 * `text` kept on one line: its spaces become no-break spaces, so a masked number ('•••• 4567') in a sentence moves
 * to the next line whole rather than leaving its dots at the end of one line and its digits on the next.
 */
export const keepWhole = (text: string): string => text.replace(/ /g, '\u00a0');
