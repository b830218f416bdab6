import { Fragment } from 'react';

/**
 * An email address that may wrap after its '@' and before each '.' (before the dot, because a dot ending a line
 * reads as the end of a sentence): without these break points a browser has none inside an address, so one too
 * long for its line was cut at whatever letter reached the edge. Put it in text with `[overflow-wrap:anywhere]`:
 * a part still too long for a whole line breaks where it must, and never widens or overflows its card.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never move: their place is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
