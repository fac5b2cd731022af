/**
 * The shape limits of every JSON the server reads from a request (issue 28 §1): the JSON body of
 * any route (the content-type parser in app.ts) and the JSON fields of multipart bodies. They are
 * checked on the text, before it is parsed and before any other work, in one linear pass, so no
 * body (a 2 MB body of 1,000,000 nested brackets, a million keys, a huge flat array) can hold the
 * event loop: such a body answers 400 `{"detail": …}` in a few milliseconds.
 */
import { messages } from '../../contracts/messages';
import { HttpError } from './errors';

/** Nesting levels (objects and arrays): the deepest contract body is a few levels deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * Elements: array items plus object members, an empty array or object counting as one. The
 * largest contract bodies hold about 15,000 (a product's 5,000 particular rates of two members
 * each; a promotion's 10,000 offices or products); 20,000 leaves room above them.
 */
export const MAX_JSON_ELEMENTS = 20_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Refuses (400) a JSON text nested deeper than MAX_JSON_DEPTH or with more than MAX_JSON_ELEMENTS
 * elements. One pass over the characters, stopping at the first excess. Counting needs no valid
 * JSON: a text that is not JSON is left to the parser, which refuses it.
 */
export function assertJsonShape(text: string): void {
  let depth = 0;
  let elements = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) throw new HttpError(400, messages.common.bodyTooDeep(MAX_JSON_DEPTH));
      if (++elements > MAX_JSON_ELEMENTS) throw tooManyElements();
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    } else if (code === COMMA) {
      if (++elements > MAX_JSON_ELEMENTS) throw tooManyElements();
    }
  }
}

function tooManyElements(): HttpError {
  return new HttpError(400, messages.common.bodyTooManyElements(MAX_JSON_ELEMENTS));
}
