import { Fragment, type ReactNode } from 'react';

/** The text with a break point before each '.' (a dot ending a line reads as the end of a sentence). */
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
 * line, it breaks after its '@' first (the name and the domain each kept together while they fit), then before a
 * dot. Without these break points a browser has none inside an address and cut one too long for its line at
 * whatever letter reached the edge. Put it in text with `[overflow-wrap:anywhere]`: a part still too long for a
 * whole line breaks where it must, and never widens or overflows its card. Copied, it is one address: the break
 * points are <wbr> and inline blocks, not characters.
 *
 * `children`: the punctuation that follows it in the sentence ("… stays <0>.</0>"), kept on its line: after a
 * block that fills the line, a lone '.' would otherwise wrap onto one of its own.
 */
export function EmailAddress({ email, children }: { email: string; children?: ReactNode }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="inline-block max-w-full">
      {at > 0 ? (
        <>
          <span className="inline-block max-w-full">{withDotBreaks(email.slice(0, at + 1))}</span>
          <wbr />
          <span className="inline-block max-w-full">
            {withDotBreaks(email.slice(at + 1))}
            {children}
          </span>
        </>
      ) : (
        <>
          {withDotBreaks(email)}
          {children}
        </>
      )}
    </span>
  );
}
