import { Fragment } from 'react';

/** The address's text with a break point before each '.' (a dot ending a line reads as the end of a sentence). */
function withDotBreaks(text: string) {
  return text.split(/(?=\.)/).map((part, index) => (
    // The parts of one address never move: their place is their identity.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * An email address that wraps where a reader expects it to. It stays whole while it fits on a line: in a sentence
 * it moves to the next line rather than being cut at its '@' ("stays renata.solis@ / example.com"). Longer than a
 * line, it breaks after its '@' first, then before a dot; without these break points a browser has none inside an
 * address and cut one too long for its line at whatever letter reached the edge. Put it in text with
 * `[overflow-wrap:anywhere]`: a part still too long for a whole line breaks where it must, and never widens or
 * overflows its card. The break points are <wbr> and inline blocks, not characters: copied, it is one address.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="inline-block max-w-full">{withDotBreaks(email)}</span>;
  return (
    <span className="inline-block max-w-full">
      <span className="inline-block max-w-full">{withDotBreaks(email.slice(0, at + 1))}</span>
      <wbr />
      <span className="inline-block max-w-full">{withDotBreaks(email.slice(at + 1))}</span>
    </span>
  );
}
